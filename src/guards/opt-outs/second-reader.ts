/**
 * The operator's own model as a second reader of ended calls (OUTBOUND_CALLS_OPT_OUT_MODEL_URL): each ended call the
 * rule reader read as `none` or `possible` is asked about once. Its answer can only add: `asked` raises `none` or
 * `possible`, `possible` raises `none`; its `none`, a failure, a timeout or an answer of any other shape changes
 * nothing, and a failure is said once on stderr. The questions run beside the watch, a few at a time, so a slow model
 * never delays the reading of other calls; a dial to a number whose question is still out waits for it, within the
 * dial's deadline.
 */
import type { Deadline } from "../../service/deadline.js";
import type { CallRecord } from "../../service/shapes.js";
import { turnsOf } from "./reader/turns.js";
import type { ModelAnswer } from "./model.js";
import type { OptOutStatus } from "./reading.js";

/** Questions out at once. */
const AT_ONCE = 2;
/** Questions waiting, at most: past it an ended call is left to the rule reader alone (said on stderr). */
const MAX_WAITING = 200;
/** Calls asked about already (bounded: starts over when full). */
const ASKED_MAX = 10_000;

export const MODEL_EVIDENCE = "the operator's model";

export interface SecondReaderDeps {
  ask(transcript: string): Promise<ModelAnswer>;
  log(line: string): void;
}

/** Keeps the raised reading of a call: its numbers listed (asked) or held (possible). */
export type KeepRaised = (status: "asked" | "possible") => Promise<void>;

interface Question {
  record: CallRecord;
  status: OptOutStatus;
  numbers: readonly string[];
  keep: KeepRaised;
  done: Promise<void>;
  start(): void;
}

const RANK: Record<OptOutStatus, number> = { none: 0, possible: 1, asked: 2 };

/** A transcript's turns as lines ("label: text"); empty when it has none to read. */
export function transcriptText(record: CallRecord): string {
  const { turns } = turnsOf((record as Record<string, unknown>).transcript);
  return turns.map((t) => (t.label ? `${t.label}: ${t.text}` : t.text)).join("\n");
}

export class SecondReader {
  private running = 0;
  private readonly waiting: Question[] = [];
  private readonly out = new Set<Question>();
  private readonly asked = new Set<string>();
  private full = false;

  constructor(private readonly d: SecondReaderDeps) {}

  /** An ended call the rule reader read as `status`, with the numbers it would list: asked about once, later. */
  offer(record: CallRecord, status: OptOutStatus, numbers: readonly string[], keep: KeepRaised): void {
    if (status === "asked" || this.asked.has(record.id)) return;
    if (this.waiting.length >= MAX_WAITING) {
      if (!this.full)
        this.d.log(
          `outbound-calls-mcp: opt-out model: ${MAX_WAITING} calls wait for it already; call ${record.id} and others are read by the rule reader alone`,
        );
      this.full = true;
      return;
    }
    this.full = false;
    if (this.asked.size >= ASKED_MAX) this.asked.clear();
    this.asked.add(record.id);
    let start = () => undefined as void;
    const done = new Promise<void>((resolve) => (start = () => void this.run(question).finally(resolve)));
    const question: Question = { record, status, numbers, keep, done, start };
    this.waiting.push(question);
    this.next();
  }

  /**
   * Waits for the questions still out or waiting about these numbers, within the deadline (a dial is next); true
   * when there were some.
   */
  async settle(numbers: readonly string[], deadline: Deadline): Promise<boolean> {
    const wanted = new Set(numbers);
    const pending = [...this.out, ...this.waiting]
      .filter((q) => q.numbers.some((n) => wanted.has(n)))
      .map((q) => q.done);
    if (pending.length === 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const ms = Math.max(0, deadline.remaining() - 1_000);
    await Promise.race([
      Promise.all(pending),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]).finally(() => clearTimeout(timer));
    return true;
  }

  private next(): void {
    while (this.running < AT_ONCE && this.waiting.length > 0) {
      const question = this.waiting.shift()!;
      this.running++;
      this.out.add(question);
      question.start();
    }
  }

  private async run(q: Question): Promise<void> {
    try {
      const transcript = transcriptText(q.record);
      if (transcript.trim() === "") return;
      const answer = await this.d.ask(transcript);
      if ("failure" in answer) {
        this.d.log(
          `outbound-calls-mcp: opt-out model: call ${q.record.id} not read by it (${answer.failure}); the rule reader's "${q.status}" stands`,
        );
        return;
      }
      // Only a stronger answer counts: the model never lowers what the rule reader found.
      if (answer.status !== "none" && RANK[answer.status] > RANK[q.status]) await q.keep(answer.status);
    } catch (error) {
      this.d.log(
        `outbound-calls-mcp: opt-out model: call ${q.record.id}: its answer could not be kept (${error instanceof Error ? error.name : "error"}); the rule reader's "${q.status}" stands`,
      );
    } finally {
      this.out.delete(q);
      this.running--;
      this.next();
    }
  }
}
