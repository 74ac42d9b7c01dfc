/**
 * The facts of one write tool call's audit line, in the order the stages
 * returned them. No stage writes the line: each returns what it learned (its
 * AuditFacts), the guard appends it here, and the line is assembled from the
 * trail when the call ends (or, for the line written ahead of a POST, just
 * before it). A later fact of the same field wins.
 */
import type { AuditDraft } from "./entry.js";

/** What one stage adds to the audit line. */
export type AuditFacts = Partial<AuditDraft>;

export class AuditTrail {
  private readonly facts: AuditFacts[] = [];

  add(facts: AuditFacts | undefined): void {
    if (facts) this.facts.push(facts);
  }

  /** The line's fields so far; no numbers and no agents when no row was screened. */
  draft(): AuditDraft {
    let draft: AuditDraft = { numbers: [], agents: [] };
    for (const facts of this.facts) draft = { ...draft, ...facts };
    return draft;
  }
}
