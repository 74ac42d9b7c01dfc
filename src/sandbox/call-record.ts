import type { StoredAgent } from "./agents.js";
import { phaseAt, type CallStatus, type Timeline } from "./lifecycle.js";
import { callResult, type CallResult, type TranscriptLine } from "./transcript.js";

export type Metadata = Record<string, string | number | boolean | null>;

/** A call as the sandbox keeps it: what was asked for, plus a timeline fixed at creation. */
export interface StoredCall {
  id: string;
  /** Creation order, to break ties between calls created in the same millisecond. */
  seq: number;
  createdMs: number;
  to: string;
  agent: StoredAgent;
  campaignId: string | null;
  batchId: string | null;
  contactName?: string;
  companyName?: string;
  metadata?: Metadata;
  costCents: number;
  timeline: Timeline;
  /** Filled on the first read after the call ends. */
  result?: CallResult | undefined;
}

/** The call record on the wire. Optional fields appear only once known. */
export interface CallRecord {
  id: string;
  status: CallStatus;
  to: string;
  agent_id: string;
  agent_name: string;
  campaign_id: string | null;
  batch_id: string | null;
  contact_name?: string;
  company_name?: string;
  metadata?: Metadata;
  direction: "outbound";
  created_at: string;
  queued_at: string;
  ringing_at?: string;
  answered_at?: string;
  ended_at?: string;
  duration_seconds?: number;
  outcome?: string;
  summary?: string;
  transcript?: TranscriptLine[];
  recording_url?: string;
  cost_cents: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function statusAt(call: StoredCall, nowMs: number, speed: number | "instant"): CallStatus {
  return phaseAt(call.timeline, call.createdMs, nowMs, speed).status;
}

/** The record as it reads at `nowMs`. Durations and offsets stay nominal (speed 1 seconds) whatever the speed. */
export function callRecord(call: StoredCall, nowMs: number, speed: number | "instant"): CallRecord {
  const phase = phaseAt(call.timeline, call.createdMs, nowMs, speed);
  const ended = phase.endedAtMs !== undefined;
  const completed = phase.status === "completed";
  if (completed) call.result ??= callResult(call.agent.persona, call.timeline, call.contactName, call.companyName);
  const result = completed ? call.result : undefined;
  // Built in one literal so the keys read in a natural order; absent steps leave no key at all.
  return {
    id: call.id,
    status: phase.status,
    to: call.to,
    agent_id: call.agent.record.id,
    agent_name: call.agent.record.name,
    campaign_id: call.campaignId,
    batch_id: call.batchId,
    ...(call.contactName !== undefined && { contact_name: call.contactName }),
    ...(call.companyName !== undefined && { company_name: call.companyName }),
    ...(call.metadata !== undefined && { metadata: call.metadata }),
    direction: "outbound",
    created_at: iso(call.createdMs),
    queued_at: iso(call.createdMs),
    ...(phase.ringingAtMs !== undefined && { ringing_at: iso(phase.ringingAtMs) }),
    ...(phase.answeredAtMs !== undefined && { answered_at: iso(phase.answeredAtMs) }),
    ...(phase.endedAtMs !== undefined && { ended_at: iso(phase.endedAtMs) }),
    ...(ended && { duration_seconds: completed ? (call.timeline.talkS ?? 0) : 0, outcome: call.timeline.outcome }),
    ...(result !== undefined && {
      summary: result.summary,
      transcript: result.transcript,
      recording_url: `https://recordings.sandbox.invalid/${call.id}.mp3`,
    }),
    cost_cents: call.costCents,
  };
}
