/**
 * Answer size: what the model reads for `list_calls {limit: 50}` (the text
 * block) against the raw upstream JSON of the same `GET /calls?limit=50`, over
 * completed calls with transcripts. structuredContent is reported too: clients
 * that show it to the model read that instead.
 */
import { StdioRpc, textOf } from "../lib/stdio-client.js";
import { round } from "../lib/stats.js";
import { firstAgent, upstream, type BenchContext } from "./common.js";

export interface AnswerSizeResult {
  records: number;
  raw_json_bytes: number;
  text_bytes: number;
  structured_bytes: number;
  /** 1 - text / raw. */
  text_reduction: number;
  structured_reduction: number;
  /** The first lines of the text, for docs/performance.md. */
  sample: string;
}

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

export async function answerSize(ctx: BenchContext): Promise<AnswerSizeResult> {
  const key = "sk_test_bench_answers";
  const agent = await firstAgent(ctx, key);
  const n = ctx.counts.answerRecords;
  for (let i = 0; i < n; i++) {
    // Numbers 0100 and 0106-0199 of the fictional range all end completed, with a transcript.
    const last = i === 0 ? 100 : 105 + i;
    await upstream(ctx, key, "POST", "/calls", {
      to: `+1415555${String(last).padStart(4, "0")}`,
      agent_id: agent,
      contact_name: `Contact ${i}`,
      company_name: "Acme Dental",
      metadata: { service_type: "appointment_reminder", row: i },
    });
  }
  const raw = await upstream(ctx, key, "GET", `/calls?limit=${n}`);
  const records = (raw.json as { data: { status: string; transcript?: unknown }[] }).data;
  if (records.length !== n || records.some((r) => r.status !== "completed" || r.transcript === undefined)) {
    throw new Error("the sandbox did not hold the completed calls with transcripts this section needs");
  }
  const server = new StdioRpc(ctx.realEntry, ctx.env(key));
  try {
    await server.initialize();
    const result = await server.callTool("list_calls", { limit: n });
    const text = textOf(result);
    const structured = JSON.stringify(result.structuredContent ?? {});
    const rawBytes = bytes(raw.text);
    return {
      records: n,
      raw_json_bytes: rawBytes,
      text_bytes: bytes(text),
      structured_bytes: bytes(structured),
      text_reduction: round(1 - bytes(text) / rawBytes, 3),
      structured_reduction: round(1 - bytes(structured) / rawBytes, 3),
      sample: text.split("\n").slice(0, 3).join("\n"),
    };
  } finally {
    await server.close();
  }
}
