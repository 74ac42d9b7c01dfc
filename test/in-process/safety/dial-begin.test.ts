/**
 * The kernel's begin phase (src/guards/dial/kernel.ts): every guard's store requests leave before any check reads its
 * answer. What that could break: a request that fails while an earlier guard refuses is never read, and must not
 * surface as an unhandled rejection (which would end a server); the refusal is the earlier guard's, as when the
 * requests went one after another, and nothing is sent.
 */
import { describe, expect, it } from "vitest";
import { useInProcess } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { GUARDS_OFF } from "../../helpers/guards.js";
import { MemoryStore } from "../../../src/guards/store/memory.js";
import { StoreUnavailableError } from "../../../src/state/store.js";

const fx = useInProcess();
const CALL = { to: "+14155550101", agent_id: "agt_1", contact_name: "Dana Lee" };

describe("a begun request that fails behind an earlier guard's refusal", () => {
  it("an opted-out number while the claim and the caps' count fail: refused opted_out, nothing sent, nothing unhandled", async () => {
    const store = new MemoryStore();
    const down = async (): Promise<never> => {
      throw new StoreUnavailableError("the shared guard state did not answer");
    };
    store.dials.claim = down;
    store.caps.reserve = down;
    const env = { ...GUARDS_OFF, OUTBOUND_CALLS_DEDUPE_WINDOW_S: "600", OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "10" };
    const server = await fx.start({ env, store });
    await server.call("add_do_not_call", { number: CALL.to, heard: "please stop calling me" });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const dial = await server.call("create_call", CALL);
      expect(textOf(dial)).toContain("Refused (opted_out)");
      // Node reports an unhandled rejection once the microtasks of the turn have run.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(fx.service.posts()).toHaveLength(0);
  });
});
