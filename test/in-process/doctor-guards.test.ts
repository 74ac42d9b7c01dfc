/**
 * doctor checks the guards' files the server checks at start, so "All checks
 * passed" never comes before a server that exits 1 or refuses every dial: the
 * do-not-call list (missing, a bad line), the audit log (folder missing, not
 * writable, lines in which no number can be read), and neither file written.
 * Redis: test/state/redis-doctor.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { doctorInProcess } from "../helpers/doctor.js";

const dir = mkdtempSync(join(tmpdir(), "obc-doctor-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function doctor(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const { code, stdout } = await doctorInProcess(["doctor", "--sandbox"], env);
  return { code, out: stdout };
}

describe("the do-not-call list", () => {
  it("a readable list: ok, with how many numbers it holds", async () => {
    const file = join(dir, "dnc-ok.txt");
    writeFileSync(file, "# blocked\n+14155550100\n+44 20 7946 0000\n");
    const { code, out } = await doctor({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: file });
    expect(out).toMatch(/^\[ok\]\s+do-not-call\s+2 numbers listed$/m);
    expect(code).toBe(0);
  });

  it("a missing file fails, with what the server would do and the fix", async () => {
    const { code, out } = await doctor({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: join(dir, "nope.txt") });
    expect(out).toMatch(
      /^\[FAIL\]\s+do-not-call\s+OUTBOUND_CALLS_DO_NOT_CALL_FILE: the file cannot be read \(ENOENT\).*\(the server does not start\)$/m,
    );
    expect(out).toMatch(/fix: fix the file, or point OUTBOUND_CALLS_DO_NOT_CALL_FILE at a readable list/);
    expect(out).toMatch(/1 problem found/);
    expect(code).toBe(1);
  });

  it("a line that is not a number fails, naming the line", async () => {
    const file = join(dir, "dnc-bad.txt");
    writeFileSync(file, "+14155550100\nnot a number\n");
    const { code, out } = await doctor({ OUTBOUND_CALLS_DO_NOT_CALL_FILE: file });
    expect(out).toMatch(/^\[FAIL\]\s+do-not-call\s+OUTBOUND_CALLS_DO_NOT_CALL_FILE: line 2 \("not a number"\)/m);
    expect(code).toBe(1);
  });
});

describe("the audit log", () => {
  it("not there yet, in a writable folder: ok, and doctor does not create it", async () => {
    const file = join(dir, "new-audit.log");
    const { code, out } = await doctor({ OUTBOUND_CALLS_AUDIT_LOG: file });
    expect(out).toMatch(/^\[ok\]\s+audit log\s+not there yet: the server creates it/m);
    expect(existsSync(file)).toBe(false);
    expect(code).toBe(0);
  });

  it("in a folder that does not exist: fails (the server would exit 1)", async () => {
    const { code, out } = await doctor({ OUTBOUND_CALLS_AUDIT_LOG: join(dir, "no-such-dir", "audit.log") });
    expect(out).toMatch(/^\[FAIL\]\s+audit log\s+its folder cannot be written \(ENOENT\): the server does not start$/m);
    expect(code).toBe(1);
  });

  it("a folder where the file should be: fails (the server could not append to it)", async () => {
    const { code, out } = await doctor({ OUTBOUND_CALLS_AUDIT_LOG: dir });
    expect(out).toMatch(
      /^\[FAIL\]\s+audit log\s+the file cannot be read and appended to \(not a regular file\): the server does not start$/m,
    );
    expect(code).toBe(1);
  });

  it("a path under a file: fails", async () => {
    const file = join(dir, "plain-file");
    writeFileSync(file, "");
    const { code, out } = await doctor({ OUTBOUND_CALLS_AUDIT_LOG: join(file, "audit.log") });
    expect(out).toMatch(/^\[FAIL\]\s+audit log\s+its folder cannot be written \(ENOTDIR\)/m);
    expect(code).toBe(1);
  });

  it("an intact log: ok, with the dials of the last day; the file is left as it was", async () => {
    const file = join(dir, "intact.log");
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const text = `${JSON.stringify({ time: at, tool: "create_call", decision: "dialed", numbers: ["+14155550100"], call_ids: ["call_1"] })}\n`;
    writeFileSync(file, text, { mode: 0o600 });
    const { code, out } = await doctor({ OUTBOUND_CALLS_AUDIT_LOG: file });
    expect(out).toMatch(/^\[ok\]\s+audit log\s+1 dial\(s\) in the last 24 h$/m);
    expect(readFileSync(file, "utf8")).toBe(text);
    expect(code).toBe(0);
  });

  it("a line in which no number can be read fails: the server would refuse every dial", async () => {
    const file = join(dir, "damaged.log");
    writeFileSync(file, '{"time": "2026-11-23T10:00:00Z", "decision": "dia\n', { mode: 0o600 });
    const { code, out } = await doctor({ OUTBOUND_CALLS_AUDIT_LOG: file });
    expect(out).toMatch(
      /^\[FAIL\]\s+audit log\s+1 damaged line\(s\) \(line 1\) show no number: without Redis every dial is refused/m,
    );
    expect(out).toMatch(/fix: repair or move the log/);
    expect(code).toBe(1);
  });
});
