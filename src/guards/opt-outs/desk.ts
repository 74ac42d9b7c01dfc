/**
 * The opt-outs, for the life of the server: reading a call record (the reader of
 * opt-out-reading.ts, told the calling side's names), keeping what it found (an
 * opt-out is listed, a weaker cue held for review: the store, this process's
 * journal, an audit line), the watch over placed calls (opt-out-watch.ts), the
 * keeper that writes the list back when the store lost it (opt-out-keeper.ts),
 * and the list as a dial reads it. A record that cannot be read never takes a
 * number off the list: what could not be read is said in get_call and on stderr.
 */
import type { Deadline } from "../../service/deadline.js";
import type { CallingService } from "../../service/index.js";
import { callTo, pickString } from "../../service/call-fields.js";
import type { CallRecord } from "../../service/shapes.js";
import { isFinalCall } from "../../service/final-status.js";
import type { CallToRead, OptOutEntry } from "./state/store.js";
import type { GuardStore } from "../store/store.js";
import { oneLine } from "../../text/clean.js";
import type { AuditLog } from "../dial/audit/log.js";
import type { Clock } from "../dial/clock.js";
import { readOptOut, type CallingSide, type OptOutReading, type OptOutStatus } from "./reading.js";
import { entryLine, type OptOutJournal } from "./journal.js";
import { OptOutKeeper, SOURCE_TOOL } from "./keeper.js";
import { callsToRead, e164Of, numbersOfCall } from "./pairing.js";
import { clearHeld, confirmHeld, heldNumbers, type ReviewOutcome } from "./review.js";
import { OptOutWatch } from "./watch.js";
import { ReadingMemo } from "./reading-memo.js";
import type { OptOutModelSettings } from "../../config/opt-out-model.js";
import { ModelClient } from "./model.js";
import { MODEL_EVIDENCE, SecondReader } from "./second-reader.js";

/** How a record is read for an opt-out (tests give another; the server always uses readOptOut). */
export type OptOutReader = (record: CallRecord, side?: CallingSide) => OptOutReading;

/** What get_call shows of a call and its number. */
export interface OptOutView {
  /** What this call's record says: asked, possible (held for review), or none. */
  status: OptOutStatus;
  /** The record shows the person asked not to be called again (status "asked"). */
  asked: boolean;
  /** The number is on the opt-out list (now, or from an earlier call): every later dial is refused. */
  listed: boolean;
  /** The number is held for an operator's review: every later dial is refused until it is cleared. */
  held: boolean;
  /** What was matched, and where. */
  matched: string[];
  /** What of the record could not be read (nothing was taken off the list for it). */
  unreadable?: string[];
  /** The call where the list entry comes from, and when. */
  listed_from_call?: string;
  listed_at?: string;
}

export interface OptOutDeskDeps {
  store: GuardStore;
  service: CallingService;
  audit: AuditLog | undefined;
  journal: OptOutJournal | undefined;
  keeper: OptOutKeeper;
  clock: Clock;
  pollMs: number;
  log(line: string): void;
  /** Tests only (no setting reaches it): another reader of records. */
  reader?: OptOutReader | undefined;
  /** The operator's own model, a second reader of ended calls whose yes only adds; undefined: off. */
  model?: OptOutModelSettings | undefined;
}

/** Calls whose unreadable parts were said on stderr already (bounded: starts over when full). */
const SAID_MAX = 1_000;

export class OptOutDesk {
  private readonly watcher: OptOutWatch;
  private readonly timer: NodeJS.Timeout;
  private keeping = false;
  private readonly said = new Set<string>();
  private readonly readings = new ReadingMemo();
  /** Readings that found a stop (asked or possible), counted before they are kept. */
  private findings = 0;
  private readonly reader: OptOutReader;
  private readonly model: ModelClient | undefined;
  private readonly second: SecondReader | undefined;

  constructor(private readonly d: OptOutDeskDeps) {
    this.reader = d.reader ?? readOptOut;
    if (d.model) {
      const model = (this.model = new ModelClient(d.model));
      this.second = new SecondReader({ ask: (transcript) => model.ask(transcript), log: d.log });
    }
    this.watcher = new OptOutWatch({
      toRead: d.store.toRead,
      pollMs: d.pollMs,
      read: (call, deadline) => this.readCall(call, deadline),
      log: d.log,
    });
    this.timer = setInterval(() => {
      void this.keep();
      void this.watcher.tick();
    }, d.pollMs);
    this.timer.unref();
  }

  /** Lists the number (or holds it, for a possible entry) and writes its lines when it is new. */
  async record(entry: OptOutEntry, by?: string): Promise<{ entry: OptOutEntry; added: boolean }> {
    const tool = SOURCE_TOOL[entry.source];
    let held: OptOutEntry | undefined;
    try {
      held = await this.d.store.optOuts.add(entry);
    } catch (error) {
      // The store cannot answer: kept on this disk, written back when it can (opt-out-keeper.ts).
      this.d.journal?.added(entry, tool, by);
      throw error;
    }
    const added =
      held !== undefined && held.at === entry.at && held.evidence === entry.evidence && held.callId === entry.callId;
    if (added) {
      this.d.journal?.added(entry, tool, by);
      this.d.audit?.write(entryLine(entry, tool, by));
      const what = entry.tier === "possible" ? "held for review" : "listed";
      this.d.log(
        `outbound-calls-mcp: opt-out: ${entry.number} ${what} (${entry.source}${entry.callId ? `, call ${entry.callId}` : ""}): ${entry.evidence}`,
      );
    }
    return { entry: held ?? entry, added };
  }

  /**
   * Reads a record for an opt-out and keeps what it finds. `call`: the call as it waited to be read (its dial's
   * numbers); absent, the record's own number. `deadline`: for the agent's names, when there is time to ask.
   */
  async inspect(record: CallRecord, deadline?: Deadline, call?: CallToRead): Promise<OptOutView> {
    const reading = await this.read(record, deadline, call);
    const recorded = e164Of(callTo(record));
    const number = recorded ?? numbersOfCall(call, recorded).listed[0];
    const [entry] = number !== undefined ? await this.d.store.optOuts.get([number]) : [undefined];
    return {
      status: reading.status,
      asked: reading.status === "asked",
      listed: entry !== undefined && entry.tier === undefined,
      held: entry?.tier === "possible",
      matched: reading.matches.map((m) => `${m.where}: ${m.text}`),
      ...(reading.unreadable.length > 0 ? { unreadable: [...reading.unreadable] } : {}),
      ...(entry?.callId ? { listed_from_call: entry.callId } : {}),
      ...(entry && entry.at > 0 ? { listed_at: new Date(entry.at).toISOString() } : {}),
    };
  }

  /** Reads a record and keeps what it finds (inspect, without the view: the watch needs only the status). */
  private async read(record: CallRecord, deadline: Deadline | undefined, call: CallToRead | undefined) {
    const reading = this.readings.read(record, await this.sideOf(record, deadline), this.reader);
    await this.keepReading(record, reading, call);
    if (reading.unreadable.length > 0) this.sayUnreadable(record.id, reading.unreadable);
    return reading;
  }

  /** The calls a dial placed, to be read until final: each paired with its number (opt-out-pairing.ts). */
  watch(
    callIds: readonly string[],
    answeredTo: ReadonlyArray<string | undefined>,
    numbers: readonly string[],
  ): Promise<void> {
    return this.watcher.add(callsToRead(callIds, answeredTo, numbers, Date.now()));
  }

  /**
   * Waiting calls of these numbers, read now (a dial to them is about to be decided), and the operator's model's
   * answers about them still out; bounded by the deadline.
   */
  async readBeforeDial(numbers: readonly string[], deadline: Deadline): Promise<boolean> {
    const found = this.findings;
    await this.watcher.readBeforeDial(numbers, deadline);
    const waited = (await this.second?.settle(numbers, deadline)) ?? false;
    return this.findings !== found || waited;
  }

  /** The entries of these numbers at dial time: refused while the list may be incomplete (opt-out-keeper.ts). */
  listed(numbers: readonly string[]): Promise<Array<OptOutEntry | undefined>> {
    return this.d.keeper.forDial(numbers);
  }

  /**
   * A dial's check: the numbers' waiting calls read first (readBeforeDial), then their entries (listed). The entries
   * are asked for in the same round trip as the waiting calls; that answer stands when no reading found a stop (any
   * reading's, counted in keepReading) and no model answer was waited for, else the list is read again after them (a
   * reading may have listed the number).
   */
  async checkBeforeDial(numbers: readonly string[], deadline: Deadline): Promise<Array<OptOutEntry | undefined>> {
    const early = this.listed(numbers);
    early.catch(() => undefined);
    return (await this.readBeforeDial(numbers, deadline)) ? this.listed(numbers) : early;
  }

  /** The held numbers, newest first (the inbox's review). */
  held(): Promise<OptOutEntry[]> {
    return heldNumbers(this.d.store);
  }

  /** An operator's review of a held number, in the approvers' inbox. */
  review(number: string, decision: "confirm" | "clear", by: string): Promise<ReviewOutcome> {
    const deps = { store: this.d.store, audit: this.d.audit, journal: this.d.journal, now: () => this.d.clock.now() };
    return decision === "confirm"
      ? confirmHeld(deps, number, by, "opt-out-inbox")
      : clearHeld(deps, number, by, "opt-out-inbox");
  }

  close(): void {
    clearInterval(this.timer);
    this.model?.close();
    this.d.journal?.close();
  }

  /**
   * The calling side's names: the agent's record (the service's agent list) and the name the call record gives.
   * The list is the dial check's short cache (refreshed on a miss): a get_call polled every second asks for the call
   * alone, not for the agents as well.
   */
  private async sideOf(record: CallRecord, deadline: Deadline | undefined): Promise<CallingSide> {
    const names = new Set<string>();
    const own = pickString(record, "agent_name");
    if (own) names.add(own);
    const id = pickString(record, "agent_id");
    if (id && deadline && deadline.remaining() > 1_000) {
      try {
        const agent = (await this.d.service.agents.check([id], deadline)).agents.find((a) => a.id === id);
        if (agent?.name) names.add(agent.name);
      } catch {
        // Read without the name: the service's role fields still tell the turns apart.
      }
    }
    return names.size > 0 ? { agentNames: [...names] } : {};
  }

  private sayUnreadable(callId: string, parts: readonly string[]): void {
    if (this.said.has(callId)) return;
    if (this.said.size >= SAID_MAX) this.said.clear();
    this.said.add(callId);
    this.d.log(
      `outbound-calls-mcp: opt-out: call ${callId}: could not read ${parts.map((p) => oneLine(p, 120)).join("; ")}; nothing was taken off the list (read it with get_call)`,
    );
  }

  /** Lists (asked) or holds (possible) the numbers of the call a reading found a stop in. */
  private async keepReading(record: CallRecord, reading: OptOutReading, call: CallToRead | undefined): Promise<void> {
    if (reading.status === "none") return;
    this.findings += 1;
    const { listed, uncertain } = numbersOfCall(call, e164Of(callTo(record)));
    const evidence = oneLine(reading.matches.map((m) => `${m.where}: "${m.text}"`).join("; "), 400);
    const tier = reading.status === "possible" ? ("possible" as const) : undefined;
    for (const number of listed) await this.record(this.entryFor(number, record.id, evidence, tier));
    const which = `call ${record.id} of a dial of several numbers whose records do not say which`;
    for (const number of uncertain)
      await this.record(this.entryFor(number, record.id, oneLine(`${evidence} (${which})`, 400), "possible"));
  }

  private entryFor(number: string, callId: string, evidence: string, tier: "possible" | undefined): OptOutEntry {
    return { number, at: this.d.clock.now(), source: "call", callId, evidence, ...(tier ? { tier } : {}) };
  }

  /** One read of a waiting call: what it says is kept; true when final (no longer read). */
  private async readCall(call: CallToRead, deadline: Deadline): Promise<boolean> {
    const record = await this.d.service.calls.get(call.callId, deadline);
    const { status } = await this.read(record, deadline, call);
    const final = isFinalCall(record);
    // The whole call, once: the operator's model is asked beside the watch and can only add.
    if (final && this.second) {
      const { listed, uncertain } = numbersOfCall(call, e164Of(callTo(record)));
      this.second.offer(record, status, [...listed, ...uncertain], (raised) =>
        this.keepReading(
          record,
          { status: raised, matches: [{ where: MODEL_EVIDENCE, text: `opt_out: ${raised}` }], unreadable: [] },
          call,
        ),
      );
    }
    return final;
  }

  /** The keeper's tick, one at a time. */
  private async keep(): Promise<void> {
    if (this.keeping) return;
    this.keeping = true;
    try {
      await this.d.keeper.tick();
    } catch {
      // The store did not answer: the next tick looks again.
    } finally {
      this.keeping = false;
    }
  }
}
