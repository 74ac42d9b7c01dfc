/** The per-person guard's slice of the guard store (src/guards/store/store.ts): who placed which call. */

/**
 * What a placed dial is recorded under: each call id the service answered with, and a batch's campaign (a batch
 * answer may not list its calls; their records carry the campaign).
 */
export interface OwnedThing {
  kind: "call" | "campaign";
  id: string;
}

/**
 * Who placed which call (`--http` with OAuth): the person's subject at the identity provider, kept for
 * CALL_OWNERS_KEPT_MS. The first record of a thing stays: nobody takes over another's call or campaign.
 */
export interface CallOwners {
  record(things: readonly OwnedThing[], owner: string, now: number): Promise<void>;
  /** The owner of each thing, in order (undefined: none recorded, or forgotten). */
  ownersOf(things: readonly OwnedThing[], now: number): Promise<Array<string | undefined>>;
}

/** How long a call's owner is kept: a call older than this is shown only to a token that may read all calls. */
export const CALL_OWNERS_KEPT_MS = 400 * 24 * 3_600_000;
