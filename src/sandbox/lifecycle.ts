import { stableInt } from "./ids.js";
import type { OptOutLanguage } from "./opt-out-scripts.js";
import type { Persona } from "./personas.js";
import { testNumberFor, type FinalStatus } from "./test-numbers.js";

export type CallStatus = "queued" | "ringing" | "in_progress" | FinalStatus;

/** Nominal durations in seconds at speed 1. */
export const TIMINGS = {
  queued: 2,
  ringing: 6,
  talkMin: 30,
  talkMax: 90,
  busyRinging: 2,
  noAnswerRinging: 30,
  failedAfter: 3,
  voicemailRinging: 20,
  voicemailMin: 15,
  voicemailMax: 25,
} as const;

/** A call's whole future, fixed at creation: reads compute the state from it, so no timer per call. */
export interface Timeline {
  queuedS: number;
  /** null: the call never rings (carrier failure). */
  ringS: number | null;
  /** null: nobody (and no voicemail) picks up. */
  talkS: number | null;
  final: FinalStatus;
  outcome: string;
  /** What was said, if anything: a conversation, a voicemail message, or nothing. */
  speech: "conversation" | "voicemail" | "none";
  /** The person asks not to be called again (sandbox/opt-out-scripts.ts), in this language. */
  optOut?: OptOutLanguage;
}

export interface Phase {
  status: CallStatus;
  ringingAtMs?: number;
  answeredAtMs?: number;
  endedAtMs?: number;
}

function between(callId: string, min: number, max: number): number {
  return min + (stableInt(callId) % (max - min + 1));
}

export function planTimeline(e164: string, callId: string, persona: Persona): Timeline {
  const test = testNumberFor(e164);
  const base = { queuedS: TIMINGS.queued, final: test.status };
  if (test.status === "busy")
    return { ...base, ringS: TIMINGS.busyRinging, talkS: null, outcome: "busy", speech: "none" };
  if (test.status === "no_answer") {
    return { ...base, ringS: TIMINGS.noAnswerRinging, talkS: null, outcome: "no_answer", speech: "none" };
  }
  if (test.status === "failed") {
    return {
      ...base,
      queuedS: TIMINGS.failedAfter,
      ringS: null,
      talkS: null,
      outcome: "carrier_error",
      speech: "none",
    };
  }
  if (test.outcome === "voicemail") {
    const talkS = between(callId, TIMINGS.voicemailMin, TIMINGS.voicemailMax);
    return { ...base, ringS: TIMINGS.voicemailRinging, talkS, outcome: "voicemail", speech: "voicemail" };
  }
  const talkS = between(callId, TIMINGS.talkMin, TIMINGS.talkMax);
  if (test.optOut)
    return {
      ...base,
      ringS: TIMINGS.ringing,
      talkS,
      outcome: test.outcome ?? persona.outcome,
      speech: "conversation",
      optOut: test.optOut,
    };
  return { ...base, ringS: TIMINGS.ringing, talkS, outcome: persona.outcome, speech: "conversation" };
}

/** Real milliseconds per nominal second: 1000 at speed 1, 100 at speed 10, 0 when instant. */
export function msPerSecond(speed: number | "instant"): number {
  return speed === "instant" ? 0 : 1000 / speed;
}

/** Where the call is at `nowMs`; the timestamps of the steps already reached. */
export function phaseAt(timeline: Timeline, createdMs: number, nowMs: number, speed: number | "instant"): Phase {
  const unit = msPerSecond(speed);
  const elapsed = speed === "instant" ? Number.POSITIVE_INFINITY : nowMs - createdMs;
  const at = (seconds: number): number => createdMs + Math.round(seconds * unit);

  let t = timeline.queuedS;
  if (elapsed < t * unit) return { status: "queued" };
  if (timeline.ringS === null) return { status: timeline.final, endedAtMs: at(t) };

  const ringingAtMs = at(t);
  t += timeline.ringS;
  if (elapsed < t * unit) return { status: "ringing", ringingAtMs };
  if (timeline.talkS === null) return { status: timeline.final, ringingAtMs, endedAtMs: at(t) };

  const answeredAtMs = at(t);
  t += timeline.talkS;
  if (elapsed < t * unit) return { status: "in_progress", ringingAtMs, answeredAtMs };
  return { status: timeline.final, ringingAtMs, answeredAtMs, endedAtMs: at(t) };
}

export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["completed", "no_answer", "busy", "failed", "canceled"]);
export const ALL_STATUSES = [
  "queued",
  "ringing",
  "in_progress",
  "completed",
  "no_answer",
  "busy",
  "failed",
  "canceled",
] as const;
