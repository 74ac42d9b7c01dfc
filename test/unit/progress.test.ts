import { describe, expect, it } from "vitest";
import type { Notification } from "@modelcontextprotocol/server";
import { progressReporter } from "../../src/protocol/progress.js";

function recorder(progressToken?: string | number) {
  const sent: Notification[] = [];
  const report = progressReporter({
    _meta: progressToken === undefined ? {} : { progressToken },
    notify: async (n) => {
      sent.push(n);
    },
  });
  return { sent, report };
}

describe("progressReporter", () => {
  it("sends nothing when the client gave no progress token", async () => {
    const { sent, report } = recorder();
    await report({ progress: 1, total: 10, message: "status: queued" });
    expect(sent).toEqual([]);
  });

  it("sends notifications/progress with the client's token, total and message", async () => {
    const { sent, report } = recorder("tok-1");
    await report({ progress: 0, total: 30, message: "status: queued" });
    expect(sent).toEqual([
      {
        method: "notifications/progress",
        params: { progressToken: "tok-1", progress: 0, total: 30, message: "status: queued" },
      },
    ]);
  });

  it("keeps progress strictly increasing, even when asked to repeat or go back", async () => {
    const { sent, report } = recorder(7);
    for (const p of [0, 0, 1.0004, 1.0001, 1.0006, 5]) await report({ progress: p });
    const values = sent.map((n) => (n.params as { progress: number }).progress);
    expect(values).toEqual([0, 0.001, 1, 1.001, 1.002, 5]);
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
  });

  it("never fails the tool call when the notification cannot be sent", async () => {
    const report = progressReporter({
      _meta: { progressToken: 1 },
      notify: async () => Promise.reject(new Error("closed")),
    });
    await expect(report({ progress: 1 })).resolves.toBeUndefined();
  });
});
