/**
 * Which calls the caller of a tool may read: every call, unless a person is behind the call and their token does not
 * read all (src/guards/per-person/access.ts makes that one). The attempt carries it, so a guard that names a call
 * (an opt-out's evidence, a recent dial's id) names only calls the caller may read.
 */
import type { CallRecord } from "../../service/shapes.js";

export interface CallAccess {
  /** False when the caller sees every call (stdio, a shared token, or a token that may read all). */
  readonly restricted: boolean;
  /** Reads one call through `read` if the caller may see it; else the same not-found an unknown id gets. */
  read(callId: string, read: () => Promise<CallRecord>): Promise<CallRecord>;
  /** The calls of a list the caller may see, in order. */
  filter(calls: readonly CallRecord[]): Promise<CallRecord[]>;
  /** Of these calls, the ones recorded as the caller's, by id alone; none when the store cannot say (fail closed). */
  mine<T extends { id: string }>(calls: readonly T[]): Promise<T[]>;
}

/** A caller who sees every call (stdio, a shared token, or a token that may read all). */
export const everyCall: CallAccess = {
  restricted: false,
  read: (_callId, read) => read(),
  filter: async (calls) => [...calls],
  mine: async (calls) => [...calls],
};
