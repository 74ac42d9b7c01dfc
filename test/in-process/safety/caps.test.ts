/**
 * Guard 5, dial caps, in-process: per hour (batch rows counted) and per number
 * per day. The refused dial asks the service for nothing and says when it may
 * go; counts survive a restart when an audit log is configured.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { httpError } from "../../helpers/fake-service.js";
import { describeEras, useInProcess, type InProcessServer } from "../../helpers/in-process.js";
import { textOf } from "../../helpers/server-process.js";
import { GUARDS_OFF, tempDir } from "../../helpers/guards.js";

const NOW = "2026-11-21T15:00:00Z";
const fx = useInProcess();
const posts = () => fx.service.posts();

function start(env: Record<string, string>): Promise<InProcessServer> {
  return fx.start({ env: { ...GUARDS_OFF, ...env }, now: NOW });
}

const row = (n: number) => ({ to: `+1212555${String(n).padStart(4, "0")}`, agent_id: "agt_1" });

describeEras(fx, () => {
  describe("OUTBOUND_CALLS_MAX_DIALS_PER_HOUR", () => {
    it("counts batch rows; the dial over the cap sends nothing and says when it may go", async () => {
      const server = await start({ OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "3" });
      expect((await server.call("submit_batch", { calls: [row(1), row(2)] })).isError).toBeFalsy();
      expect((await server.call("create_call", row(3))).isError).toBeFalsy();
      expect(posts()).toHaveLength(2);
      const refused = await server.call("create_call", row(4));
      expect(refused.isError).toBe(true);
      const text = textOf(refused);
      expect(text).toContain(
        "Refused by the dials-per-hour cap: 3 dials in the last hour; the cap OUTBOUND_CALLS_MAX_DIALS_PER_HOUR=3 leaves room for 0",
      );
      expect(text).toMatch(/this dial may go at 16:00 UTC, in (1 h|59 min)/);
      expect(text).toContain("Nothing was dialed.");
      const batch = await server.call("submit_batch", { calls: [row(5), row(6)] });
      expect(batch.isError).toBe(true);
      expect(posts()).toHaveLength(2);
    });

    it("a batch larger than the cap is told to split", async () => {
      const server = await start({ OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "2" });
      const result = await server.call("submit_batch", { calls: [row(1), row(2), row(3)] });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("split the batch into batches of at most 2 rows");
      expect(posts()).toHaveLength(0);
    });

    it("concurrent dials cannot slip past the cap together", async () => {
      const server = await start({ OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "3" });
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => server.call("create_call", row(100 + i))));
      expect(results.filter((r) => !r.isError)).toHaveLength(3);
      expect(posts()).toHaveLength(3);
    });

    it("a dial the service refused (4xx) is not counted", async () => {
      const server = await start({ OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "1" });
      fx.service.fail("calls.create", httpError(422, { error: { message: "bad" } }));
      expect((await server.call("create_call", row(1))).isError).toBe(true);
      fx.service.restore();
      expect((await server.call("create_call", row(1))).isError).toBeFalsy();
      expect(posts()).toHaveLength(2);
    });
  });

  describe("OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY", () => {
    it("the default (3) refuses the fourth dial of one number in 24 hours; another number still goes", async () => {
      const server = await start({ OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "" });
      for (const name of ["A", "B", "C"]) {
        expect((await server.call("create_call", { ...row(1), contact_name: name })).isError).toBeFalsy();
      }
      const refused = await server.call("create_call", { ...row(1), contact_name: "D" });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(
        "Refused by the per-number daily cap: +12125550001 was dialed 3 times in the last 24 hours (cap OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY=3)",
      );
      expect(textOf(refused)).toMatch(/it may be dialed again at 2026-11-22 15:00 UTC, in (24 h|23 h 59 min)/);
      expect(posts()).toHaveLength(3);
      expect((await server.call("create_call", row(2))).isError).toBeFalsy();
      expect(posts()).toHaveLength(4);
    });

    it("a batch names the rows over the cap and sends nothing", async () => {
      const server = await start({ OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "1" });
      await server.call("create_call", row(7));
      const result = await server.call("submit_batch", { calls: [row(8), row(7)] });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("calls[1].to: +12125550007 was dialed 1 time in the last 24 hours");
      expect(textOf(result)).not.toContain("calls[0]");
      expect(posts()).toHaveLength(1);
    });
  });

  describe("counts survive a restart with OUTBOUND_CALLS_AUDIT_LOG", () => {
    it("a restarted server refuses what the first one used up", async () => {
      const log = join(tempDir("caps"), "audit.jsonl");
      const env = {
        OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "2",
        OUTBOUND_CALLS_MAX_DIALS_PER_NUMBER_PER_DAY: "1",
        OUTBOUND_CALLS_AUDIT_LOG: log,
      };
      const first = await start(env);
      expect((await first.call("create_call", row(1))).isError).toBeFalsy();
      expect((await first.call("create_call", row(2))).isError).toBeFalsy();
      await first.close();

      const second = await start(env);
      const perHour = await second.call("create_call", row(3));
      expect(textOf(perHour)).toContain("2 dials in the last hour");
      const perNumber = await second.call("create_call", { ...row(1), contact_name: "again" });
      expect(perNumber.isError).toBe(true);
      expect(posts()).toHaveLength(2);
    });

    it("without an audit log a restart starts from zero (documented)", async () => {
      const env = { OUTBOUND_CALLS_MAX_DIALS_PER_HOUR: "1" };
      const first = await start(env);
      expect((await first.call("create_call", row(1))).isError).toBeFalsy();
      await first.close();
      const second = await start(env);
      expect((await second.call("create_call", row(2))).isError).toBeFalsy();
      expect(posts()).toHaveLength(2);
    });
  });
});
