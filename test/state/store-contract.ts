/**
 * The contract every GuardStore keeps (src/state/store.ts), run against each
 * implementation: memory-store.test.ts and redis-store.test.ts call
 * `storeContract` with a way to open a fresh, empty store and more handles on
 * the same state (for Redis: other connections, as other replicas would have;
 * for memory: the same store, as it is one process).
 *
 * Times are the caller's (`now`), so expiry is tested by moving `now`, not by
 * waiting. Concurrency is tested by firing calls together from several handles.
 */
import { afterEach } from "vitest";
import type { GuardStore } from "../../src/guards/store/store.js";
import { approvalContract } from "./contract/approvals.js";
import { capContract } from "./contract/caps.js";
import { dialContract } from "./contract/dials.js";
import { holdContract } from "./contract/holds.js";
import { markContract } from "./contract/marks.js";
import { optOutContract } from "./contract/opt-outs.js";
import { callsToReadContract } from "./contract/calls-to-read.js";
import { ownerContract } from "./contract/owners.js";

export interface StoreUnderTest {
  /** The store the test mostly talks to. */
  store: GuardStore;
  /** `n` more handles on the same state (replicas); they are closed after the test. */
  peers(n: number): Promise<GuardStore[]>;
}

export type OpenStore = () => Promise<StoreUnderTest>;

export function storeContract(open: OpenStore): void {
  const opened: GuardStore[] = [];
  const tracked: OpenStore = async () => {
    const s = await open();
    opened.push(s.store);
    return {
      store: s.store,
      peers: async (n) => {
        const peers = await s.peers(n);
        opened.push(...peers);
        return peers;
      },
    };
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  dialContract(tracked);
  capContract(tracked);
  markContract(tracked);
  approvalContract(tracked);
  optOutContract(tracked);
  callsToReadContract(tracked);
  ownerContract(tracked);
  holdContract(tracked);
}
