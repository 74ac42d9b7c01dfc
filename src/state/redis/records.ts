/**
 * Script replies back into the store's types. Redis holds only what our
 * scripts wrote, but it is shared with other replicas (perhaps of another
 * version): anything unexpected is a `StoreDataError`, which the store turns
 * into StoreUnavailableError (refuse the dial) rather than guess.
 */
import type { ApprovalRecord, ApprovalStatus, InboxPage, PendingEntry } from "../store.js";
import { APPROVAL_FIELDS } from "./approval-scripts.js";

export class StoreDataError extends Error {
  override readonly name = "StoreDataError";
}

export function fail(what: string): never {
  throw new StoreDataError(`unexpected ${what} in Redis`);
}

export function array(value: unknown, what: string): unknown[] {
  return Array.isArray(value) ? value : fail(what);
}

export function text(value: unknown, what: string): string {
  return typeof value === "string" ? value : fail(what);
}

export function int(value: unknown, what: string): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : fail(what);
}

export function json(value: string, what: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return fail(what);
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function strings(value: unknown, what: string): string[] {
  const list = array(value, what);
  return list.map((item) => text(item, what));
}

const STATUSES: readonly ApprovalStatus[] = ["pending", "approved", "declined", "used", "expired"];

/** An approval as the scripts return it: APPROVAL_FIELDS in order. */
export function approvalRecord(reply: unknown): ApprovalRecord {
  const values = strings(reply, "approval");
  const f = Object.fromEntries(APPROVAL_FIELDS.map((name, i) => [name, values[i] ?? fail("approval")])) as Record<
    (typeof APPROVAL_FIELDS)[number],
    string
  >;
  const rec = json(f.rec, "approval");
  if (!isObject(rec)) return fail("approval");
  const status = STATUSES.find((s) => s === f.status) ?? fail("approval status");
  const record: ApprovalRecord = {
    id: text(rec.id, "approval id"),
    requestKey: text(rec.requestKey, "approval request"),
    tool: text(rec.tool, "approval tool"),
    secretHash: text(rec.secretHash, "approval secret hash"),
    view: isObject(rec.view) ? rec.view : fail("approval view"),
    createdAt: int(rec.createdAt, "approval time"),
    expiresAt: int(rec.expiresAt, "approval expiry"),
    status,
  };
  if (f.dat !== "") record.decidedAt = int(f.dat, "approval decision time");
  if (f.dby !== "") record.decidedBy = f.dby;
  if (typeof rec.seal === "string") record.seal = rec.seal;
  if (typeof rec.client === "string") record.client = rec.client;
  if (f.dmac !== "") record.decisionSeal = f.dmac;
  if (f.datt !== "") record.attested = f.datt;
  return record;
}

/**
 * A page of the inbox as listPendingApprovals returns it: {total, next time, next id, {id, time, lite}...}. A light
 * record that is not JSON is passed on as absent: the desk lists only light records whose seal checks out.
 */
export function inboxPage(reply: unknown): InboxPage {
  const [total, nextAt, nextId, ...items] = array(reply, "inbox page");
  const entries = items.map((item): PendingEntry => {
    const [id, at, lite] = array(item, "inbox entry");
    let summary: unknown;
    try {
      summary = text(lite, "inbox entry") === "" ? undefined : JSON.parse(lite as string);
    } catch {
      summary = undefined;
    }
    return { id: text(id, "inbox entry"), createdAt: int(at, "inbox entry"), summary };
  });
  const next =
    nextAt === "" || nextAt === undefined
      ? undefined
      : { createdAt: int(nextAt, "inbox cursor"), id: text(nextId, "inbox cursor") };
  return { entries, total: int(total, "inbox count"), ...(next ? { next } : {}) };
}
