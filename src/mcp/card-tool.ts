/**
 * The approval card's side of tools/list and tools/call (MCP Apps; the card is
 * src/approval/card/). For a client that declared MCP Apps support only:
 * create_call and submit_batch point at the card (`_meta.ui.resourceUri`), and
 * the card's own tool is listed with visibility ["app"], which hosts keep out
 * of the model's tool list and refuse when the model calls it. Its safety does
 * not rest on that alone: a decision counts only with the one-time secret the
 * server gave the card in the pending result's `_meta` (which hosts hand to the
 * card, not the model), for a card approval still pending, and it dials only
 * the exact request that approval was opened for (card-channel.ts).
 */
import type { CallToolResult, InputRequiredResult, McpServer, Tool as ListedTool } from "@modelcontextprotocol/server";
import * as z from "zod";
import { CARD_META_KEY, CARD_MIME, CARD_URI, cardToolMeta, DECIDE_TOOL } from "../approval/card/apps-support.js";
import { cardHtml } from "../approval/card/card-html.js";
import { approvedOnCard, CARD_APPROVER, checkCardDecision, declineOnCard } from "../approval/card/card-channel.js";
import type { CardTicket, ApprovalChannel } from "../approval/channel.js";
import { storedView, type ApprovalDesk } from "../approval/desk.js";
import type { AuditFacts } from "../guards/dial/audit/trail.js";
import type { ApprovalRecord } from "../state/store.js";

/** The write tools whose result the card renders. */
export const CARD_TOOLS: ReadonlySet<string> = new Set(["create_call", "submit_batch"]);

/** The listing of the card's tool: for the app only. */
export const DECIDE_LISTING: ListedTool = {
  name: DECIDE_TOOL,
  title: "Approval card decision",
  description:
    "Used by the approval card only; hidden from the model. Carries the person's Approve or Decline with the card's one-time secret; " +
    "without that secret it decides nothing.",
  inputSchema: {
    type: "object",
    properties: {
      approval_id: { type: "string" },
      secret: { type: "string" },
      decision: { type: "string", enum: ["approve", "decline"] },
      attested: {
        type: "object",
        description: "The basis of prior consent the person chose on the card, by field, when the card asks for it.",
        additionalProperties: { type: "string" },
      },
      arguments: {
        type: "object",
        description: "The arguments of the call the card shows, as the card received them.",
      },
    },
    required: ["approval_id", "secret", "decision", "arguments"],
    additionalProperties: false,
  },
  annotations: {
    title: "Approval card decision",
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  // The MCP Apps visibility, and ChatGPT's own words for the same (its Apps SDK: hidden from the model, callable by the widget).
  _meta: {
    ui: { resourceUri: CARD_URI, visibility: ["app"] },
    "openai/visibility": "private",
    "openai/widgetAccessible": true,
  },
};

/** A tool's listing as an Apps client sees it: the write tools point at the card. */
export function withCard(listed: ListedTool): ListedTool {
  return CARD_TOOLS.has(listed.name) ? { ...listed, _meta: { ...listed._meta, ...cardToolMeta() } } : listed;
}

/** The pending result's `_meta`: the ticket and the arguments the card sends back with its decision. */
export function cardMeta(ticket: CardTicket, args: unknown): Record<string, unknown> {
  return { [CARD_META_KEY]: { ...ticket, arguments: args ?? {} } };
}

const buildDecisionSchema = () =>
  z
    .object({
      approval_id: z.string().max(100),
      secret: z.string().max(100),
      decision: z.enum(["approve", "decline"]),
      attested: z.record(z.string().max(40), z.string().max(80)).optional(),
      arguments: z.record(z.string(), z.unknown()),
    })
    .strict();

/** Built on the first decision (most clients never show the card), not at start-up. */
let decisionSchema: ReturnType<typeof buildDecisionSchema> | undefined;

export interface CardDecisionHost {
  desk: ApprovalDesk;
  /** Runs the write tool the approval is for, with the arguments the card sent and this approval channel. */
  run(
    toolName: string,
    args: Record<string, unknown>,
    decision: ApprovalChannel,
  ): Promise<CallToolResult | InputRequiredResult>;
  /** Writes the audit line of a Decline for the write tool the approval is for, as its own tool call would. */
  declined(toolName: string, facts: AuditFacts, reason: string): void;
}

const refused = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** One decision of the card: checked, then declined, or approved and dialed through the whole guard pipeline. */
export async function decideOnCard(args: unknown, host: CardDecisionHost): Promise<CallToolResult> {
  const parsed = (decisionSchema ??= buildDecisionSchema()).safeParse(args);
  if (!parsed.success) return refused("Refused: the card's decision is not in the expected form. Nothing was dialed.");
  const { approval_id, secret, decision } = parsed.data;
  const check = await checkCardDecision(host.desk, approval_id, secret);
  if (!check.ok) return refused(check.why);
  const { record } = check;
  if (decision === "decline") {
    if (!(await declineOnCard(host.desk, record)))
      return refused("Refused: this approval was decided elsewhere or ran out of time first. Nothing was dialed.");
    const text = "Declined on the approval card: nothing was dialed.";
    host.declined(record.tool, declinedFacts(record), text);
    return { content: [{ type: "text", text }], structuredContent: { outcome: "declined", text } };
  }
  const result = await host.run(
    record.tool,
    parsed.data.arguments,
    approvedOnCard(host.desk, record, parsed.data.attested),
  );
  if ("resultType" in result && result.resultType === "input_required")
    return refused("Refused: the card's decision cannot be asked again. Nothing was dialed.");
  const answer = result as CallToolResult;
  const text = answer.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
  if (answer.isError) return refused(text);
  return {
    content: answer.content,
    structuredContent: { outcome: "dialed", text, result: answer.structuredContent ?? {} },
  };
}

/** What the audit line of a Decline says of the request: the rows the card showed, its key, and who decided. */
function declinedFacts(record: ApprovalRecord): AuditFacts {
  const rows = storedView(record)?.rows ?? [];
  return {
    numbers: rows.map((row) => row.e164),
    agents: [...new Set(rows.map((row) => row.agentId))],
    request_key: record.requestKey,
    confirmation: "client",
    approver: CARD_APPROVER,
  };
}

/**
 * The card's `ui://` resource (MCP Apps HTML profile). Its `_meta.ui` asks for no network origin at all (the
 * host's restrictive default), and a border.
 */
export function registerCardResource(mcp: McpServer): void {
  const ui = {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  };
  mcp.registerResource(
    "approval_card",
    CARD_URI,
    {
      title: "Approval card",
      description:
        "The card an MCP Apps host shows to let a person approve or decline a create_call or submit_batch in the conversation.",
      mimeType: CARD_MIME,
      _meta: { ui },
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: CARD_MIME, text: cardHtml(), _meta: { ui } }] }),
  );
}
