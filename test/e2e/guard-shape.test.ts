/**
 * The shape holds: a new guard is a folder of its own under src/guards/ and one entry in src/guards/list.ts, and
 * nothing else changes. The test copies src/, writes a throwaway guard (it refuses numbers that end in 13, and counts
 * the dials it checks in a slice of state of its own) into its own folder, adds it to the list, bundles the copy with
 * esbuild, and drives that server with a real MCP client against the sandbox, once with the store in memory and once
 * on a real Redis: the guard refuses a dial (nothing is sent), shows in a dry run with its count, and its rule reaches
 * the audit line; a number it does not refuse is dialed; on Redis the count is in the guard's own key.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const work = mkdtempSync(join(ROOT, ".cache", "guard-shape-"));
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
  rmSync(work, { recursive: true, force: true });
});

const GUARD = `import { SafetyRefusal } from "../dial/refusals.js";
import type { GuardOf } from "../services.js";
import { checked } from "./state.js";

export const throwaway: GuardOf = {
  name: "throwaway",
  folder: "throwaway",
  docs: { refuses: "a number that ends in 13 (\`throwaway_13\`)", default: "on", setWith: "nothing" },
  state: checked,
  build: (s) => {
    const count = s.store.slice(checked);
    return {
      async check(attempt) {
        const seen = await count.bump();
        if (attempt.numbers.some((n) => n.endsWith("13")))
          throw new SafetyRefusal("throwaway_13", "Refused (throwaway_13): the number ends in 13. Nothing was dialed.");
        if (attempt.dryRun) attempt.checks.push(\`throwaway: no number ends in 13 (dial \${seen} checked)\`);
      },
    };
  },
};
`;

/** The guard's slice: a count of the dials it checked, in memory or in one Redis key through a script of its own. */
const STATE = `import type { StateSlice } from "../store/slice.js";

export interface Checked {
  bump(): Promise<number>;
}

export const checked: StateSlice<Checked> = {
  name: "throwaway",
  memory: () => {
    let n = 0;
    return { bump: async () => ++n };
  },
  redis: async () => {
    const { luaScript } = await import("../../state/redis/lua.js");
    const throwawayBump = luaScript("return redis.call('INCR', KEYS[1])");
    return {
      scripts: { throwawayBump },
      open: (connection, prefix) => {
        const redis = connection.scripted({ throwawayBump });
        return { bump: async () => Number(await redis.run("the throwaway count", (c) => c.throwawayBump([prefix + "count"], []))) };
      },
    };
  },
};
`;

const DRIVER = `
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { loadConfig } from "./src/config/env.js";
import { createCore, createServer } from "./src/mcp/server.js";
import { openGuardStore } from "./src/guards/store/open.js";
import { startSandbox } from "./src/sandbox/index.js";

const audit = process.argv[2]!;
const redisUrl = process.argv[3];
const sandbox = await startSandbox({ speed: 40 });
const config = loadConfig({
  OUTBOUND_CALLS_BASE_URL: sandbox.url,
  OUTBOUND_CALLS_API_KEY: "sk_test_guardshape0000000000000",
  OUTBOUND_CALLS_CONFIRM: "never",
  OUTBOUND_CALLS_CALL_PURPOSE: "informational",
  OUTBOUND_CALLS_REQUIRE_CONSENT: "false",
  OUTBOUND_CALLS_OPT_OUT_JOURNAL: "off",
  OUTBOUND_CALLS_AUDIT_LOG: audit,
  OUTBOUND_CALLS_TEST_NOW: "2026-11-24T18:00:00Z",
  ...(redisUrl ? { OUTBOUND_CALLS_REDIS_URL: redisUrl } : {}),
});
const store = await openGuardStore(config, () => undefined);
const core = createCore(config, { store });
const server = createServer(config, {}, core);
const client = new Client({ name: "guard-shape", version: "1" });
const [a, b] = InMemoryTransport.createLinkedPair();
await server.mcp.connect(b);
await client.connect(a);
const agents = await client.callTool({ name: "list_agents", arguments: {} });
const agent_id = (agents.structuredContent as { agents: Array<{ id: string }> }).agents[0]!.id;
const text = (r: { content?: unknown }) => ((r.content as Array<{ text?: string }>) ?? []).map((c) => c.text ?? "").join("");
const dial = (to: string, dry_run = false) => client.callTool({ name: "create_call", arguments: { to, agent_id, dry_run } });
const refused = await dial("+14155550113");
const dry = await dial("+14155550142", true);
const placed = await dial("+14155550142");
const posts = sandbox.requests.filter((r) => r.method === "POST").map((r) => r.path);
await client.close();
await server.close();
await sandbox.close();
await store.close();
process.stdout.write(JSON.stringify({
  refused: { isError: refused.isError === true, text: text(refused) },
  dryChecks: (dry.structuredContent as { checks?: string[] } | undefined)?.checks ?? [],
  placed: { isError: placed.isError === true, text: text(placed) },
  posts,
  audit: readFileSync(audit, "utf8").trim().split("\\n").map((line) => JSON.parse(line)),
}) + "\\n");
process.exit(0);
`;

it.each(["memory", "redis"] as const)(
  "a guard added as one folder and one entry of the list refuses a dial, shows in a dry run, reaches the audit line and keeps its own state (%s)",
  async (kind) => {
    const copy = join(work, `copy-${kind}`);
    cpSync(join(ROOT, "src"), join(copy, "src"), { recursive: true });
    writeFileSync(join(copy, "package.json"), readFileSync(join(ROOT, "package.json")));
    // The guard's own folder.
    mkdirSync(join(copy, "src/guards/throwaway"));
    writeFileSync(join(copy, "src/guards/throwaway/guard.ts"), GUARD);
    writeFileSync(join(copy, "src/guards/throwaway/state.ts"), STATE);
    // Its entry in the list, with its import: the only change to a file that was there.
    const listPath = join(copy, "src/guards/list.ts");
    const list = readFileSync(listPath, "utf8");
    const edited = list
      .replace(
        /^(import .* from "\.\/approval\/guard\.js";)$/m,
        '$1\nimport { throwaway } from "./throwaway/guard.js";',
      )
      .replace(/^ {2}approval,$/m, "  throwaway,\n  approval,");
    expect(edited.split("\n").length - list.split("\n").length).toBe(2);
    writeFileSync(listPath, edited);

    writeFileSync(join(copy, "driver.ts"), DRIVER);
    await build({
      entryPoints: [join(copy, "driver.ts")],
      outfile: join(copy, "driver.mjs"),
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      logLevel: "error",
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    const args = [
      join(copy, "driver.mjs"),
      join(work, `audit-${kind}.jsonl`),
      ...(kind === "redis" ? [redis.url] : []),
    ];
    const out = execFileSync(process.execPath, args, {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const seen = JSON.parse(out.trim().split("\n").at(-1)!) as {
      refused: { isError: boolean; text: string };
      dryChecks: string[];
      placed: { isError: boolean; text: string };
      posts: string[];
      audit: Array<{ decision: string; rule?: string; numbers: string[] }>;
    };
    expect(seen.refused).toMatchObject({ isError: true, text: expect.stringContaining("Refused (throwaway_13)") });
    // The count is the guard's own state: the refused dial was the first it checked, the dry run the second.
    expect(seen.dryChecks).toContain("throwaway: no number ends in 13 (dial 2 checked)");
    expect(seen.placed.isError).toBe(false);
    // One POST: the allowed dial's; the refused one sent nothing.
    expect(seen.posts.filter((p) => p.endsWith("/api/v1/calls"))).toHaveLength(1);
    expect(seen.audit).toContainEqual(
      expect.objectContaining({ decision: "refused", rule: "throwaway_13", numbers: ["+14155550113"] }),
    );
    // On Redis the count lives in the slice's own key, under the store's prefix and the slice's name.
    if (kind === "redis") expect(await (await redis.admin()).get("obc:throwaway:count")).toBe("3");
  },
);
