/**
 * The block of docs/performance.md that `npm run bench -- --docs` rewrites: the
 * latest tables, between two markers. Only that block changes; the method and
 * the reading of the figures around it are written by hand.
 */

/** Relative to the repository root. */
export const BENCH_DOCS_FILE = "docs/performance.md";
export const BLOCK_START = "<!-- bench:start (npm run bench -- --docs writes this block) -->";
export const BLOCK_END = "<!-- bench:end -->";

/** `text` with the block's content replaced by `tables`; throws unless the markers are there once each, in order. */
export function replaceBenchBlock(text: string, tables: string): string {
  const start = text.indexOf(BLOCK_START);
  const end = text.indexOf(BLOCK_END);
  const once =
    start >= 0 && text.indexOf(BLOCK_START, start + 1) < 0 && end >= 0 && text.indexOf(BLOCK_END, end + 1) < 0;
  if (!once || end < start) throw new Error(`${BENCH_DOCS_FILE} needs one ${BLOCK_START} … ${BLOCK_END} block`);
  return `${text.slice(0, start + BLOCK_START.length)}\n${tables}\n${text.slice(end)}`;
}
