/** The caps' contract: sliding hour and day windows, rows each count, freeAt, reservations and release. */
import { describe, expect, it } from "vitest";
import type { CapLimits } from "../../../src/guards/caps/state/store.js";
import type { OpenStore } from "../store-contract.js";
import { A, B, C, DAY, HOUR, MIN, T0, tally } from "./support.js";

const perHour = (n: number): CapLimits => ({ perHour: n, perNumberPerDay: undefined });
const perNumber = (n: number): CapLimits => ({ perHour: undefined, perNumberPerDay: n });
const none: CapLimits = { perHour: undefined, perNumberPerDay: undefined };

export function capContract(open: OpenStore): void {
  describe("caps: per hour", () => {
    it("refuses past the cap, counts nothing on check, and says when the oldest dial ages out", async () => {
      const { store } = await open();
      expect(await store.caps.check([A], T0, perHour(2))).toEqual({ ok: true });
      expect(await store.caps.reserve("r1", [A], T0, perHour(2))).toEqual({ ok: true });
      expect(await store.caps.reserve("r2", [B], T0 + 10 * MIN, perHour(2))).toEqual({ ok: true });
      const refused = { ok: false, rule: "dials_per_hour", recent: 2, freeAt: T0 + HOUR };
      expect(await store.caps.check([C], T0 + 20 * MIN, perHour(2))).toEqual(refused);
      expect(await store.caps.reserve("r3", [C], T0 + 20 * MIN, perHour(2))).toEqual(refused);
      // Sliding: the first dial ages out exactly an hour after it went.
      expect(await store.caps.check([C], T0 + HOUR, perHour(2))).toEqual({ ok: true });
    });

    it("a batch needs room for every row; freeAt is when enough rows have aged out", async () => {
      const { store } = await open();
      await store.caps.reserve("r1", [A, B], T0, perHour(4));
      await store.caps.reserve("r2", [C], T0 + 5 * MIN, perHour(4));
      expect(await store.caps.check([A], T0 + 6 * MIN, perHour(4))).toEqual({ ok: true });
      expect(await store.caps.check([A, B, C], T0 + 6 * MIN, perHour(4))).toEqual({
        ok: false,
        rule: "dials_per_hour",
        recent: 3,
        freeAt: T0 + HOUR,
      });
      expect(await store.caps.check([A, B, C, A], T0 + 6 * MIN, perHour(4))).toEqual({
        ok: false,
        rule: "dials_per_hour",
        recent: 3,
        freeAt: T0 + 5 * MIN + HOUR,
      });
      // More rows than the cap allows at all: freeAt can only say "when everything has aged out".
      expect(await store.caps.check([A, B, C, A, B, C], T0 + 6 * MIN, perHour(4))).toEqual({
        ok: false,
        rule: "dials_per_hour",
        recent: 3,
        freeAt: T0 + 5 * MIN + HOUR,
      });
      expect(await store.caps.check([A, B, C], T0 + 6 * MIN, perHour(2))).toMatchObject({
        ok: false,
        rule: "dials_per_hour",
      });
    });

    it("with nothing counted, a batch larger than the cap is refused with freeAt now", async () => {
      const { store } = await open();
      expect(await store.caps.check([A, B, C], T0, perHour(2))).toEqual({
        ok: false,
        rule: "dials_per_hour",
        recent: 0,
        freeAt: T0,
      });
    });
  });

  describe("caps: per number per day", () => {
    it("names each number over its cap, with its count and when it may go again", async () => {
      const { store } = await open();
      await store.caps.reserve("r1", [A], T0, perNumber(2));
      await store.caps.reserve("r2", [A, B], T0 + HOUR, perNumber(2));
      expect(await store.caps.check([B], T0 + 2 * HOUR, perNumber(2))).toEqual({ ok: true });
      expect(await store.caps.check([C, A, B, B], T0 + 2 * HOUR, perNumber(2))).toEqual({
        ok: false,
        rule: "dials_per_number_per_day",
        numbers: [
          { number: A, past: 2, freeAt: T0 + DAY },
          { number: B, past: 1, freeAt: T0 + HOUR + DAY },
        ],
      });
      expect(await store.caps.check([A], T0 + DAY, perNumber(2))).toEqual({ ok: true });
    });

    it("a number repeated in one batch counts once per row", async () => {
      const { store } = await open();
      expect(await store.caps.reserve("r1", [A, A], T0, perNumber(2))).toEqual({ ok: true });
      expect(await store.caps.check([A], T0, perNumber(2))).toEqual({
        ok: false,
        rule: "dials_per_number_per_day",
        numbers: [{ number: A, past: 2, freeAt: T0 + DAY }],
      });
      expect(await store.caps.check([B, B, B], T0, perNumber(2))).toEqual({
        ok: false,
        rule: "dials_per_number_per_day",
        numbers: [{ number: B, past: 0, freeAt: T0 }],
      });
    });

    it("the hourly cap is decided before the per-number cap", async () => {
      const { store } = await open();
      const both: CapLimits = { perHour: 1, perNumberPerDay: 1 };
      await store.caps.reserve("r1", [A], T0, both);
      expect(await store.caps.check([A], T0 + MIN, both)).toMatchObject({ rule: "dials_per_hour" });
      expect(await store.caps.check([A], T0 + HOUR, both)).toMatchObject({ rule: "dials_per_number_per_day" });
    });
  });

  describe("caps: reservations", () => {
    it("release takes a reservation's rows back (all of them); releasing twice or an unknown id is harmless", async () => {
      const { store } = await open();
      await store.caps.reserve("keep", [A], T0, perNumber(3));
      await store.caps.reserve("undo", [A, A, B], T0, perNumber(3));
      expect(await store.caps.check([A], T0, perNumber(3))).toMatchObject({ ok: false });
      await store.caps.release("undo");
      await store.caps.release("undo");
      await store.caps.release("never-made");
      expect(await store.caps.check([A, A], T0, { perHour: 3, perNumberPerDay: 3 })).toEqual({ ok: true });
      expect(await store.caps.check([A, A, A], T0, perNumber(3))).toMatchObject({
        ok: false,
        numbers: [{ number: A, past: 1 }],
      });
    });

    it("a refused reservation counts nothing", async () => {
      const { store } = await open();
      await store.caps.reserve("r1", [A], T0, perHour(1));
      expect(await store.caps.reserve("r2", [B], T0, perHour(1))).toMatchObject({ ok: false });
      await store.caps.release("r1");
      expect(await store.caps.check([B], T0, perHour(1))).toEqual({ ok: true });
    });

    it("dials are counted even while no cap is set, so a cap set later sees them", async () => {
      const { store } = await open();
      await store.caps.reserve("r1", [A], T0, none);
      await store.caps.reserve("r2", [A], T0 + MIN, none);
      expect(await store.caps.check([A], T0 + 2 * MIN, { perHour: 2, perNumberPerDay: undefined })).toMatchObject({
        ok: false,
        recent: 2,
      });
      expect(await store.caps.check([A], T0 + 2 * MIN, perNumber(2))).toMatchObject({
        ok: false,
        numbers: [{ number: A, past: 2 }],
      });
    });

    it("rows stamped ahead of now (a clock set back) still count", async () => {
      const { store } = await open();
      await store.caps.reserve("r1", [A], T0 + HOUR, none);
      expect(await store.caps.check([A], T0, perHour(1))).toMatchObject({ ok: false, recent: 1 });
      expect(await store.caps.check([A], T0, perNumber(1))).toMatchObject({ ok: false });
    });
  });

  describe("caps: a dial taken over from a dead owner", () => {
    it("counted under the dead owner's reservation, it passes check and reserve once more without counting again", async () => {
      const { store } = await open();
      expect(await store.caps.reserve("dead", [A], T0, { perHour: 2, perNumberPerDay: 1 })).toEqual({ ok: true });
      // Without naming it, the same dial is over the per-number cap (it counts against itself).
      expect(await store.caps.check([A], T0 + MIN, perNumber(1))).toMatchObject({ ok: false });
      expect(await store.caps.check([A], T0 + MIN, perNumber(1), "dead")).toEqual({ ok: true });
      expect(await store.caps.reserve("heir", [A], T0 + MIN, perNumber(1), "dead")).toEqual({ ok: true });
      // Still one row counted: another dial fits the hourly cap of 2, a third does not.
      expect(await store.caps.reserve("other", [B], T0 + MIN, perHour(2))).toEqual({ ok: true });
      expect(await store.caps.check([C], T0 + MIN, perHour(2))).toMatchObject({ ok: false, recent: 2 });
      // A second takeover names the heir, which stands for the same rows.
      expect(await store.caps.reserve("heir2", [A], T0 + 2 * MIN, perNumber(1), "heir")).toEqual({ ok: true });
      expect(await store.caps.check([C], T0 + 2 * MIN, perHour(2))).toMatchObject({ ok: false, recent: 2 });
    });

    it("releasing the heir's reservation takes nothing back: the dead owner may have dialed", async () => {
      const { store } = await open();
      await store.caps.reserve("dead", [A], T0, perNumber(1));
      await store.caps.reserve("heir", [A], T0 + MIN, perNumber(1), "dead");
      await store.caps.release("heir");
      expect(await store.caps.check([A], T0 + 2 * MIN, perNumber(1))).toMatchObject({
        ok: false,
        rule: "dials_per_number_per_day",
      });
    });

    it("a dead owner that counted nothing (it died before reserving): the dial is checked and counted afresh", async () => {
      const { store } = await open();
      await store.caps.reserve("earlier", [A], T0, perNumber(1));
      expect(await store.caps.reserve("heir", [A], T0 + MIN, perNumber(1), "never-reserved")).toMatchObject({
        ok: false,
      });
      expect(await store.caps.reserve("heir", [B], T0 + MIN, perNumber(1), "never-reserved")).toEqual({ ok: true });
      expect(await store.caps.check([B], T0 + MIN, perNumber(1))).toMatchObject({ ok: false });
    });

    it("once the dead owner's reservation was released, naming it counts the dial again", async () => {
      const { store } = await open();
      await store.caps.reserve("dead", [A], T0, perHour(1));
      await store.caps.release("dead");
      expect(await store.caps.reserve("heir", [A], T0 + MIN, perHour(1), "dead")).toEqual({ ok: true });
      expect(await store.caps.check([B], T0 + MIN, perHour(1))).toMatchObject({ ok: false, recent: 1 });
    });
  });

  describe("caps: concurrency", () => {
    it("6 reserves of one number at once from 3 replicas under a per-number cap of 2: exactly 2 pass", async () => {
      const { peers } = await open();
      const replicas = await peers(3);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => replicas[i % 3]!.caps.reserve(`r${i}`, [A], T0, perNumber(2))),
      );
      expect(tally(results)).toEqual({ true: 2, false: 4 });
      expect(await replicas[0]!.caps.check([A], T0, perNumber(2))).toMatchObject({ ok: false, numbers: [{ past: 2 }] });
    });

    it("30 reserves of distinct numbers at once under an hourly cap of 5: exactly 5 pass", async () => {
      const { peers } = await open();
      const replicas = await peers(3);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          replicas[i % 3]!.caps.reserve(`r${i}`, [`+1415555${String(1000 + i)}`], T0, perHour(5)),
        ),
      );
      expect(tally(results)).toEqual({ true: 5, false: 25 });
    });
  });

  describe("caps: per-number limits of the law of the place called", () => {
    const FL = "+13055550107";
    const law = (id: string, limit: number, windowMs: number, numbers = [FL]): CapLimits => ({
      perHour: undefined,
      perNumberPerDay: undefined,
      perNumberLaw: new Map(numbers.map((n) => [n, [{ id, limit, windowMs }]])),
    });
    const florida = law("us_fl_frequency", 3, DAY);

    it("counts the number's dials in the rule's window and names the rule; other numbers are free", async () => {
      const { store } = await open();
      for (let i = 0; i < 3; i++)
        expect(await store.caps.reserve(`r${i}`, [FL], T0 + i * HOUR, florida)).toEqual({ ok: true });
      const refused = {
        ok: false,
        rule: "law_frequency",
        numbers: [{ number: FL, law: "us_fl_frequency", past: 3, freeAt: T0 + DAY }],
      };
      expect(await store.caps.check([FL], T0 + 3 * HOUR, florida)).toEqual(refused);
      expect(await store.caps.reserve("r4", [FL], T0 + 3 * HOUR, florida)).toEqual(refused);
      expect(await store.caps.check([A], T0 + 3 * HOUR, florida)).toEqual({ ok: true });
      // Sliding: the first call ages out exactly 24 hours after it went.
      expect(await store.caps.check([FL], T0 + DAY - 1, florida)).toMatchObject({ ok: false });
      expect(await store.caps.check([FL], T0 + DAY, florida)).toEqual({ ok: true });
    });

    it("keeps a number's dials for a 30-day window, even when another check asks for none", async () => {
      const { store } = await open();
      const france = law("fr_frequency", 4, 30 * DAY, [C]);
      for (let i = 0; i < 4; i++)
        expect(await store.caps.reserve(`f${i}`, [C], T0 + i * DAY, france)).toEqual({ ok: true });
      // A check without law limits (another replica, or another purpose) 10 days on must not forget them.
      expect(await store.caps.reserve("other", [C], T0 + 10 * DAY, none)).toEqual({ ok: true });
      expect(await store.caps.check([C], T0 + 20 * DAY, france)).toEqual({
        ok: false,
        rule: "law_frequency",
        numbers: [{ number: C, law: "fr_frequency", past: 5, freeAt: T0 + 31 * DAY }],
      });
      expect(await store.caps.check([C], T0 + 31 * DAY - 1, france)).toMatchObject({
        ok: false,
        numbers: [{ past: 4 }],
      });
      expect(await store.caps.check([C], T0 + 31 * DAY, france)).toEqual({ ok: true });
    });

    it("is checked before the operator's per-number cap, so the refusal names the law", async () => {
      const { store } = await open();
      const both: CapLimits = { ...florida, perNumberPerDay: 3 };
      for (let i = 0; i < 3; i++) await store.caps.reserve(`b${i}`, [FL], T0 + i * MIN, both);
      expect(await store.caps.check([FL], T0 + HOUR, both)).toMatchObject({ ok: false, rule: "law_frequency" });
    });

    it("a released reservation takes its count back", async () => {
      const { store } = await open();
      const one = law("only_one", 1, DAY);
      expect(await store.caps.reserve("x", [FL], T0, one)).toEqual({ ok: true });
      expect(await store.caps.check([FL], T0 + MIN, one)).toMatchObject({ ok: false, rule: "law_frequency" });
      await store.caps.release("x");
      expect(await store.caps.check([FL], T0 + MIN, one)).toEqual({ ok: true });
    });

    it("replicas racing for the fourth call to one number: exactly three go", async () => {
      const { store, peers } = await open();
      const replicas = [store, ...(await peers(2))];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => replicas[i % 3]!.caps.reserve(`race${i}`, [FL], T0, florida)),
      );
      expect(tally(results)).toEqual({ true: 3, false: 9 });
      // A replica opened later (a restart) sees the same count.
      const [late] = await peers(1);
      expect(await late!.caps.check([FL], T0 + HOUR, florida)).toMatchObject({
        ok: false,
        rule: "law_frequency",
        numbers: [{ past: 3 }],
      });
    });
  });
}
