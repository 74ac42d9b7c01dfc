/**
 * The loader's list: every script the store runs is registered with the client when the connection opens (node-redis
 * sends EVALSHA, and EVAL once on NOSCRIPT). Each slice of the store declares its own scripts; the store's assembly
 * hands their lists here, so this file names no guard.
 */
import type { RedisScripts } from "@redis/client";
import { APPROVAL_SCRIPTS } from "./approval-scripts.js";
import { swapValue, takeRate, useOnce } from "./small-scripts.js";

/** The scripts of the shared part: one-time marks, the rate limit, the passkeys' swap, the approvals. */
export const SHARED_SCRIPTS = {
  useOnce,
  takeRate,
  swapValue,
  ...APPROVAL_SCRIPTS,
};

/** The scripts of every slice handed in, by name; two slices may not give one name to two scripts. */
export function gatherScripts(lists: readonly RedisScripts[]): RedisScripts {
  const all: RedisScripts = {};
  for (const list of lists) {
    for (const [name, script] of Object.entries(list)) {
      if (all[name] !== undefined && all[name] !== script) throw new Error(`two slices name a Redis script ${name}`);
      all[name] = script;
    }
  }
  return all;
}
