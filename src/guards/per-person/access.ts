/**
 * Which calls a person may see (`--http` with OAuth). A dial placed for a
 * person is recorded under their subject in the guard store (its call ids,
 * and a batch's campaign); `get_call`, `list_calls` and the `calls://`
 * resources then show that person only those calls, unless their token grants
 * reading all (`calls:read_all`). A call id is not a credential: another
 * person's call and an id that does not exist get the same answer, made here
 * and never the service's, so the answer cannot tell them apart.
 */
import { createHash, randomUUID } from "node:crypto";
import type { CallerIdentity, Person } from "../../service/call-scope.js";
import { NotFoundError } from "../../service/errors.js";
import type { CallRecord } from "../../service/shapes.js";
import { callIdText } from "../../service/values.js";
import type { GuardStore } from "../store/store.js";
import type { OwnedThing } from "./state/store.js";
import { everyCall, type CallAccess } from "../dial/access.js";

export { everyCall, type CallAccess } from "../dial/access.js";

/** The one answer for a call the caller may not see, whether it exists or not. */
export function notYourCall(callId: string): NotFoundError {
  return new NotFoundError(
    `Not found: call ${callIdText(callId)} is not among the calls you placed (or does not exist). Check the id (list_calls shows your calls).`,
    {},
  );
}

const campaignOf = (call: CallRecord): string | undefined =>
  typeof call.campaign_id === "string" && call.campaign_id !== "" ? call.campaign_id : undefined;

export function callAccess(store: GuardStore, now: () => number, identity: CallerIdentity): CallAccess {
  const person = identity.person;
  if (!person || identity.readsAllCalls) return everyCall;
  const mine = (owner: string | undefined) => owner !== undefined && owner === person.sub;

  const filter = async (calls: readonly CallRecord[]): Promise<CallRecord[]> => {
    if (calls.length === 0) return [];
    // One look-up for the page: each call's own record, then its campaign's.
    const things: OwnedThing[] = calls.flatMap((call) => {
      const campaign = campaignOf(call);
      return [
        { kind: "call" as const, id: call.id },
        ...(campaign ? [{ kind: "campaign" as const, id: campaign }] : []),
      ];
    });
    const owners = await store.owners.ownersOf(things, now());
    const ownerOf = new Map(things.map((thing, i) => [`${thing.kind}:${thing.id}`, owners[i]]));
    return calls.filter((call) => {
      // A call recorded as someone's is theirs, whatever campaign the service filed it under (one campaign may hold
      // several people's batches); only a call recorded as nobody's is known by its campaign.
      const owner = ownerOf.get(`call:${call.id}`);
      if (owner !== undefined) return mine(owner);
      const campaign = campaignOf(call);
      return campaign !== undefined && mine(ownerOf.get(`campaign:${campaign}`));
    });
  };

  return {
    restricted: true,
    filter,
    mine: (calls) => ownCalls(store, identity, calls, now()),
    async read(callId, read) {
      const [owner] = await store.owners.ownersOf([{ kind: "call", id: callId }], now());
      if (mine(owner)) return read();
      // Perhaps a call of the person's batch, known by its campaign: its record says. Every other outcome, the
      // service's 404 included, is the one answer above (the service's request id would tell the two apart).
      let call: CallRecord;
      try {
        call = await read();
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        // The same store round trips as for a call that exists: the time taken tells nothing either.
        await store.owners.ownersOf([{ kind: "campaign", id: callId }], now());
        throw notYourCall(callId);
      }
      if ((await filter([call])).length === 1) return call;
      throw notYourCall(callId);
    },
  };
}

/** What a placed dial is recorded under: its call ids, and a batch's campaign. */
export function ownedThings(callIds: readonly string[], campaignId: string | undefined): OwnedThing[] {
  return [
    ...callIds.map((id) => ({ kind: "call" as const, id })),
    ...(campaignId ? [{ kind: "campaign" as const, id: campaignId }] : []),
  ];
}

/**
 * Of these calls, the ones recorded as the person's (all of them for a caller who sees every call); none when the
 * store cannot say (fail closed).
 */
export async function ownCalls<T extends { id: string }>(
  store: GuardStore,
  identity: CallerIdentity,
  calls: readonly T[],
  now: number,
): Promise<T[]> {
  const person = identity.person;
  if (!person || identity.readsAllCalls || calls.length === 0) return [...calls];
  try {
    const owners = await store.owners.ownersOf(
      ownedThings(
        calls.map((c) => c.id),
        undefined,
      ),
      now,
    );
    return calls.filter((_, i) => owners[i] === person.sub);
  } catch {
    return [];
  }
}

const personTag = (sub: string): string => createHash("sha256").update(sub, "utf8").digest("hex").slice(0, 32);

/** The owner of a dial's claim in the dedupe ledger: random, and with OAuth tagged with the person it dials for. */
export function claimOwner(person: Person | undefined): string {
  return person ? `${randomUUID()}.${personTag(person.sub)}` : randomUUID();
}

/** A dead claim taken over was another person's (or nobody's) dial: its POST, and so its call, may be theirs. */
export function claimOfAnother(previousOwner: string | undefined, person: Person | undefined): boolean {
  return person !== undefined && previousOwner !== undefined && !previousOwner.endsWith(`.${personTag(person.sub)}`);
}

/** Records the dial as the person's; a store that cannot be told leaves the calls unseen by them (fail closed). */
export async function recordOwner(
  store: GuardStore,
  person: Person | undefined,
  things: OwnedThing[],
  now: number,
): Promise<string | undefined> {
  if (!person || things.length === 0) return undefined;
  try {
    await store.owners.record(things, person.sub, now);
    return undefined;
  } catch (error) {
    return `who placed ${things.map((t) => `${t.kind} ${t.id}`).join(", ")} could not be recorded (${error instanceof Error ? error.message : String(error)}): only a token that may read all calls sees them`;
  }
}
