/**
 * The approval card's style sheet. Colours, fonts and radii come from the
 * host's CSS variables (MCP Apps theming: `--color-*`, `--font-*`,
 * `--border-radius-*`), with the system colours as the fallback, so the card
 * follows the host's light or dark theme. One column, wrapping text: it reads
 * at a phone's width.
 */
export const CARD_STYLE = `
:root { color-scheme: light dark; }
:root[data-theme="light"] { color-scheme: light; }
:root[data-theme="dark"] { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; background: var(--color-background-primary, Canvas); color: var(--color-text-primary, CanvasText);
  font-family: var(--font-sans, system-ui, sans-serif); font-size: var(--font-text-md-size, 15px); line-height: var(--font-text-md-line-height, 1.45); overflow-wrap: anywhere; }
h1 { font-size: var(--font-heading-sm-size, 18px); margin: 0 0 6px; }
h2 { font-size: var(--font-text-md-size, 15px); margin: 14px 0 6px; }
p { margin: 6px 0; }
code, pre { font-family: var(--font-mono, ui-monospace, monospace); font-size: 0.92em; }
pre { margin: 0; white-space: pre-wrap; background: var(--color-background-secondary, transparent); padding: 6px 8px; border-radius: var(--border-radius-sm, 6px); }
.muted { color: var(--color-text-secondary, GrayText); }
.lead { margin-bottom: 10px; }
.box { border: var(--border-width-regular, 1px) solid var(--color-border-primary, GrayText); border-radius: var(--border-radius-md, 8px); padding: 8px 10px; margin: 8px 0; }
dl { display: grid; grid-template-columns: minmax(7em, max-content) 1fr; gap: 4px 12px; margin: 0; }
dt { font-weight: var(--font-weight-semibold, 600); color: var(--color-text-secondary, CanvasText); }
dd { margin: 0; min-width: 0; }
@media (max-width: 380px) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 6px; } }
.big { font-size: 1.15em; font-weight: var(--font-weight-semibold, 600); }
.second { border-left: 4px solid var(--color-border-warning, #b7791f); background: var(--color-background-warning, transparent); padding: 6px 10px; }
.row-title { font-weight: var(--font-weight-semibold, 600); margin: 0 0 4px; }
small { font-size: 0.82em; }
table.kv { border-collapse: collapse; font-size: 0.92em; }
table.kv th, table.kv td { text-align: left; vertical-align: top; padding: 2px 10px 2px 0; font-weight: normal; }
table.kv th { color: var(--color-text-secondary, GrayText); }
details.every { margin: 12px 0; }
details.every > summary { cursor: pointer; font-weight: var(--font-weight-semibold, 600); padding: 4px 0; }
details.every > summary:focus-visible { outline: 3px solid var(--color-ring-primary, Highlight); outline-offset: 2px; }
.actions, .pages { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 12px 0 4px; }
button { font: inherit; padding: 8px 16px; border-radius: var(--border-radius-md, 8px); cursor: pointer;
  border: var(--border-width-regular, 1px) solid var(--color-border-primary, ButtonBorder); background: var(--color-background-secondary, ButtonFace); color: var(--color-text-primary, ButtonText); }
button.approve { background: var(--color-background-inverse, #1f6f43); color: var(--color-text-inverse, #fff); border-color: transparent; font-weight: var(--font-weight-semibold, 600); }
button:focus-visible { outline: 3px solid var(--color-ring-primary, Highlight); outline-offset: 2px; }
button:disabled { opacity: 0.55; cursor: default; }
.status { font-weight: var(--font-weight-bold, 700); }
.status.dialed { color: var(--color-text-success, #1f6f43); }
.status.declined, .status.expired { color: var(--color-text-secondary, GrayText); }
.status.refused { color: var(--color-text-danger, #b42318); }
`;
