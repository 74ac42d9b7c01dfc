/**
 * One guard of a dial. The kernel (kernel.ts) walks the one list of guards (src/guards/list.ts) phase by phase, and
 * a guard implements the phases it needs. A guard refuses by throwing a SafetyRefusal (refusals.ts) before anything
 * is sent. What it learns goes on the attempt: audit facts, a dry run's line, what a person reads, what must be undone
 * if nothing is sent. No guard writes the audit line, sends the POST or names another guard.
 */
import type { CheckedRow } from "../../validation/call-row.js";
import type { DialAttempt } from "./attempt.js";
import type { Posted } from "./post.js";

export interface Guard {
  /** The rows alone, before the tool looks up the agents: sends nothing and asks no store. */
  screen?(rows: readonly CheckedRow[]): void;
  /**
   * Before any check, and without waiting: starts the store requests its check will read (begun.ts keeps them). The
   * kernel calls every guard's begin at once, so their requests leave together, in one round trip to the store;
   * what a begin takes that a refusal must give back, it holds at once (attempt.hold). Reads only what the rows,
   * the settings and the earlier guards' begins tell (not what a check learns).
   */
  begin?(attempt: DialAttempt): void;
  /** Before a person is asked, and in a dry run (`attempt.dryRun`): refuse, or note what follows from the dial. */
  check?(attempt: DialAttempt): Promise<void> | void;
  /** An identical dial placed within the window answers this one (`attempt.replay`): refuse to hand it over. */
  replay?(attempt: DialAttempt): Promise<void> | void;
  /** The yes the dial waits for: a person's, a dry run's token, or the operator's unattended mode. */
  approve?(attempt: DialAttempt): Promise<void>;
  /** After the yes, before the POST: what may have changed while a person decided, and what the dial spends. */
  commit?(attempt: DialAttempt): Promise<void> | void;
  /** After the POST, in the reverse of the list's order: what its outcome means for this guard. */
  settle?(attempt: DialAttempt, posted: Posted): Promise<void> | void;
}

/**
 * A guard as the list holds it: what the docs say of it (its folder, what it refuses, its default and the setting that
 * changes it: docs/architecture.md and the README's table are generated from these), and how it is built for one
 * tool call. `build` returns nothing when the guard has no part in this call (its feature is off).
 */
export interface GuardModule<Services, Call> {
  readonly name: string;
  /** Its folder under src/guards/. */
  readonly folder: string;
  readonly docs: {
    /** What it refuses, and the audit log's rule. */
    refuses: string;
    /** Its default, as an operator reads it. */
    default: string;
    /** The variables (or command) that change it. */
    setWith: string;
  };
  build(services: Services, call: Call): Guard | undefined;
}
