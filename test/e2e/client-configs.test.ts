/**
 * The client setup, tested as a newcomer would use it: every JSON block of
 * docs/clients.md (Claude Desktop, Cursor, VS Code, Gemini CLI, Windows) and of the README,
 * every TOML block (Codex CLI: `env_vars` are passed on from the client's environment),
 * every `claude mcp add`, `codex mcp add` and `gemini mcp add` command of docs/clients.md
 * and the README (read the way each CLI parses its command line), the mcp.json.example file and
 * the MCPB manifest are started the way their client
 * starts them, with `npx -y outbound-calls-mcp` replaced by the built server and
 * the placeholders by a local sandbox and the canary key, and must answer
 * list_agents. The key is only ever in an env block (or a secret input), never
 * in the arguments, where `ps` shows it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { parse as parseToml } from "smol-toml";
import { startSandbox, type Sandbox } from "../../src/sandbox/index.js";
import { RecordingStdioTransport } from "../helpers/recording-transport.js";
import { CANARY_KEY, ENTRY, ROOT, started } from "../helpers/server-process.js";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const setup = readFileSync(join(ROOT, "docs/clients.md"), "utf8");

const PLACEHOLDER_KEY = "your-api-key";
const PLACEHOLDER_URL = "https://app.your-calling-service.example";

interface ServerEntry {
  source: string;
  name: string;
  type?: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** VS Code: the block's inputs, for ${input:id}. */
  inputs?: { id: string; type: string; password?: boolean }[];
}

function jsonBlocks(markdown: string): unknown[] {
  return [...markdown.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));
}

function entriesOf(doc: unknown, source: string): ServerEntry[] {
  const d = doc as {
    mcpServers?: Record<string, Omit<ServerEntry, "name" | "source">>;
    servers?: Record<string, Omit<ServerEntry, "name" | "source">>;
    inputs?: ServerEntry["inputs"];
  };
  const servers = d.mcpServers ?? d.servers ?? {};
  return Object.entries(servers).map(([name, s]) => ({
    source: `${source}${d.servers ? " (VS Code shape)" : ""}`,
    name,
    ...s,
    args: s.args ?? [],
    env: s.env ?? {},
    ...(d.inputs ? { inputs: d.inputs } : {}),
  }));
}

/** Codex CLI's `[mcp_servers.<name>]` tables; a name in `env_vars` is passed on from the environment Codex runs in. */
function tomlEntries(markdown: string, source: string): ServerEntry[] {
  return [...markdown.matchAll(/```toml\n([\s\S]*?)```/g)].flatMap((m) => {
    const doc = parseToml(m[1]!) as {
      mcp_servers?: Record<
        string,
        { command: string; args?: string[]; env?: Record<string, string>; env_vars?: string[] }
      >;
    };
    return Object.entries(doc.mcp_servers ?? {}).map(([name, s]) => {
      const env: Record<string, string> = { ...s.env };
      for (const forwarded of s.env_vars ?? []) env[forwarded] = `$${forwarded}`;
      return { source: `${source} (Codex TOML)`, name, command: s.command, args: s.args ?? [], env };
    });
  });
}

/** A shell line's words: double- and single-quoted words as one word, quotes removed, $VARS kept as written. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) =>
    (m[1] ?? m[2] ?? m[3]!).replace(/^([A-Z_]+=)["'](.*)["']$/, "$1$2"),
  );
}

function envPair(word: string, env: Record<string, string>): void {
  const [k, ...v] = word.split("=");
  env[k!] = v.join("=");
}

/**
 * `claude mcp add [options] <name> -- <command> [args...]` and `codex mcp add <name> [--env KEY=VALUE]... -- <command>
 * [args...]` (clap: options before --, the command after): `env` names each CLI's env options, `skip` its other
 * options that take a value.
 */
function parseDashAdd(words: string[], source: string, env: string[], skip: string[]): ServerEntry {
  const dash = words.indexOf("--");
  expect(dash, `${words.join(" ")}: the server's command goes after --`).toBeGreaterThan(3);
  const vars: Record<string, string> = {};
  let name: string | undefined;
  for (let i = 3; i < dash; i++) {
    const w = words[i]!;
    if (env.includes(w)) envPair(words[++i]!, vars);
    else if (skip.includes(w)) i++;
    else if (w.startsWith("-")) throw new Error(`unknown option in ${source}: ${w}`);
    else name = w;
  }
  const [command, ...args] = words.slice(dash + 1);
  return { source, name: name!, command: command!, args, env: vars };
}

/** Gemini CLI's own options of `gemini mcp add` that take a value; any of them after the command is still its own. */
const GEMINI_VALUED = new Set([
  "-s",
  "--scope",
  "-t",
  "--transport",
  "--type",
  "-e",
  "--env",
  "-H",
  "--header",
  "--timeout",
  "--description",
  "--include-tools",
  "--exclude-tools",
]);

/**
 * `gemini mcp add [options] <name> <commandOrUrl> [args...]` (yargs with unknown options passed on as the server's
 * arguments: `--sandbox` reaches the server). An option of Gemini CLI's own after the command would be taken by it,
 * so it is refused here; so is an `-e` value with a second "=", which Gemini CLI cuts off there.
 */
function parseGeminiAdd(words: string[], source: string): ServerEntry {
  const env: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 3; i < words.length; i++) {
    const w = words[i]!;
    if (GEMINI_VALUED.has(w) || w === "--trust") {
      expect(
        positional.length,
        `${source}: ${w} after the command would be Gemini CLI's, not the server's`,
      ).toBeLessThan(2);
      if (w === "--trust") throw new Error(`${source}: --trust skips the question before a dial`);
      const value = words[++i]!;
      if (w === "-e" || w === "--env") {
        expect(value.split("=").length, `${source}: Gemini CLI keeps only up to a second "=" of ${value}`).toBe(2);
        envPair(value, env);
      } else if (w === "-t" || w === "--transport" || w === "--type") expect(value).toBe("stdio");
    } else positional.push(w);
  }
  const [name, command, ...args] = positional;
  return { source, name: name!, command: command!, args, env };
}

const PARSERS: Record<string, (words: string[], source: string) => ServerEntry> = {
  claude: (words, source) => parseDashAdd(words, source, ["--env", "-e"], ["--scope", "-s", "--transport"]),
  codex: (words, source) => parseDashAdd(words, source, ["--env"], []),
  gemini: parseGeminiAdd,
};

/** Every `<cli> mcp add` of a page: lines of its sh blocks (with their continuations) and inline code. */
function addCommands(markdown: string, page: string, cli?: "claude" | "codex" | "gemini"): ServerEntry[] {
  const pattern = cli ?? "(?:claude|codex|gemini)";
  const starts = new RegExp(`^${pattern} mcp add `);
  const fromBlocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!
      .replace(/\\\n\s*/g, "")
      .split("\n")
      .map((l) => l.replace(/\s+#.*$/, ""))
      .filter((l) => starts.test(l)),
  );
  const inline = [...markdown.matchAll(new RegExp(`\`(${pattern} mcp add [^\`]+)\``, "g"))].map((m) => m[1]!);
  return [...fromBlocks, ...inline].map((line) => {
    const words = shellWords(line);
    expect(words.slice(1, 3)).toEqual(["mcp", "add"]);
    return PARSERS[words[0]!]!(words, `${page} ${words[0]} mcp add`);
  });
}

/** What the client would spawn, with the published package replaced by the built one. */
function toSpawn(entry: ServerEntry): string[] {
  let argv = [entry.command, ...entry.args];
  if (argv[0] === "cmd" && argv[1] === "/c") argv = argv.slice(2);
  if (argv[0] === "npx" && argv[1] === "-y" && argv[2] === "outbound-calls-mcp") return argv.slice(3);
  if (argv[0] === "node" && /\/dist\/index\.js$/.test(argv[1] ?? "")) return argv.slice(2);
  throw new Error(`${entry.source} ${entry.name}: unexpected command ${argv.join(" ")}`);
}

function resolveEnv(entry: ServerEntry, sandbox: Sandbox, key: string): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
  for (const [k, v] of Object.entries(entry.env)) {
    const input = /^\$\{input:([^}]+)\}$/.exec(v)?.[1];
    if (input !== undefined) {
      const declared = entry.inputs?.find((i) => i.id === input);
      expect(declared, `${entry.name}: input ${input} is declared`).toBeDefined();
      expect(declared!.password, `${entry.name}: input ${input} is a password`).toBe(true);
      env[k] = key;
    } else if (v === PLACEHOLDER_KEY || v === "$OUTBOUND_CALLS_API_KEY" || v === "${OUTBOUND_CALLS_API_KEY}")
      env[k] = key;
    else if (v === PLACEHOLDER_URL) env[k] = sandbox.url;
    else env[k] = v;
  }
  return env;
}

const readmeEntries = jsonBlocks(readme).flatMap((doc) => entriesOf(doc, "README"));
const readmeCommands = addCommands(readme, "README");
const setupEntries = [
  ...jsonBlocks(setup).flatMap((doc) => entriesOf(doc, "docs/clients.md")),
  ...tomlEntries(setup, "docs/clients.md"),
  ...addCommands(setup, "docs/clients.md"),
];
const exampleEntries = entriesOf(JSON.parse(readFileSync(join(ROOT, "mcp.json.example"), "utf8")), "mcp.json.example");
const all = [...readmeEntries, ...readmeCommands, ...setupEntries, ...exampleEntries];

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ speed: "instant", rateLimit: false });
});
afterAll(async () => {
  await sandbox?.close();
});

async function listAgents(argv: string[], env: Record<string, string>) {
  const transport = new RecordingStdioTransport({ args: [ENTRY, ...argv], env });
  started.push(transport);
  const client = new Client({ name: "client-config-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    return (await client.callTool({ name: "list_agents", arguments: {} })) as {
      isError?: boolean;
      structuredContent?: { count: number; sandbox?: boolean };
    };
  } finally {
    await client.close();
    await transport.close();
  }
}

describe("the client setup (docs/clients.md and the README)", () => {
  it("the README has its one client block, a live one in the mcpServers shape, and a command for each CLI", () => {
    expect(readmeEntries).toHaveLength(1);
    expect(toSpawn(readmeEntries[0]!)).not.toContain("--sandbox");
    expect(readmeCommands.map((e) => e.source.split(" ")[1]).sort()).toEqual(["claude", "codex", "gemini"]);
  });

  it("has a sandbox and a live variant for each of the six clients, and the Windows form", () => {
    const sections = [
      "## Claude Desktop",
      "## Claude Code",
      "## Cursor",
      "## VS Code",
      "## Gemini CLI",
      "## Codex CLI",
    ];
    for (const [i, heading] of sections.entries()) {
      const start = setup.indexOf(heading);
      expect(start, heading).toBeGreaterThan(0);
      const end = i + 1 < sections.length ? setup.indexOf(sections[i + 1]!) : setup.indexOf("## Windows");
      const text = setup.slice(start, end);
      const entries =
        heading === "## Claude Code"
          ? addCommands(text, heading, "claude")
          : heading === "## Codex CLI"
            ? tomlEntries(text, heading)
            : jsonBlocks(text).flatMap((d) => entriesOf(d, heading));
      expect(
        entries.filter((e) => toSpawn(e).includes("--sandbox")),
        `${heading} sandbox`,
      ).toHaveLength(1);
      expect(
        entries.filter((e) => !toSpawn(e).includes("--sandbox")),
        `${heading} live`,
      ).toHaveLength(1);
    }
    expect(setupEntries.some((e) => e.command === "cmd" && e.args[0] === "/c")).toBe(true);
    expect(all.filter((e) => e.source.includes("VS Code")).every((e) => e.type === "stdio")).toBe(true);
  });

  it.each(all.map((e) => [`${e.source}: ${e.name} (${[e.command, ...e.args].join(" ")})`, e] as const))(
    "%s: the key only in env",
    (_label, entry) => {
      const argv = [entry.command, ...entry.args].join(" ");
      expect(argv).not.toMatch(/OUTBOUND_CALLS_API_KEY|your-api-key|sk_/);
      if (!toSpawn(entry).includes("--sandbox")) {
        expect(Object.keys(entry.env).sort()).toEqual(["OUTBOUND_CALLS_API_KEY", "OUTBOUND_CALLS_BASE_URL"]);
        // Never a literal key in a shell command: it would land in the shell's history.
        if (entry.source.includes("mcp add")) expect(entry.env.OUTBOUND_CALLS_API_KEY).toBe("$OUTBOUND_CALLS_API_KEY");
      } else {
        expect(entry.env).toEqual({});
      }
    },
  );

  // Concurrent: each starts its own server process. Each live entry gets its own key (an account of the sandbox,
  // and still the canary for the leak check), so its request can be found among the others'.
  it.concurrent.each(
    all.map(
      (e, i) => [`${e.source}: ${e.name} (${[e.command, ...e.args].join(" ")})`, e, `${CANARY_KEY}_${i}`] as const,
    ),
  )("%s: starts and answers list_agents", async (_label, entry, key) => {
    const argv = toSpawn(entry);
    const result = await listAgents(argv, resolveEnv(entry, sandbox, key));
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.count).toBe(3);
    expect(Boolean(result.structuredContent?.sandbox)).toBe(argv.includes("--sandbox"));
    if (!argv.includes("--sandbox"))
      expect(sandbox.requests.some((r) => r.headers.authorization === `Bearer ${key}`)).toBe(true);
  });

  it("the claude mcp add live command reads the key without echo first", () => {
    const block = [...setup.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .find((b) => b.includes("OUTBOUND_CALLS_BASE_URL"))!;
    expect(block.split("\n")[0]).toBe("read -rs OUTBOUND_CALLS_API_KEY");
    expect(block).toContain("unset OUTBOUND_CALLS_API_KEY");
  });
});

describe("the MCPB manifest, as a desktop client runs it", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "manifest.json"), "utf8")) as {
    server: { mcp_config: { command: string; args: string[]; env: Record<string, string> } };
    user_config: Record<string, { default?: unknown }>;
  };
  /** Substitutes ${__dirname} and ${user_config.x} the way the MCPB spec says (booleans as "true"/"false"). */
  const launch = (settings: Record<string, string | boolean>) => {
    const values: Record<string, string> = {};
    for (const [k, setting] of Object.entries(manifest.user_config))
      values[k] = String(settings[k] ?? setting.default ?? "");
    const sub = (s: string) =>
      s
        .replace("${__dirname}", ROOT.replace(/\/$/, ""))
        .replace(/\$\{user_config\.([a-z_]+)\}/g, (_m, k: string) => values[k] ?? "");
    const args = manifest.server.mcp_config.args.map(sub);
    expect(manifest.server.mcp_config.command).toBe("node");
    expect(args[0]).toBe(ENTRY);
    const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
    for (const [k, v] of Object.entries(manifest.server.mcp_config.env)) env[k] = sub(v);
    return { args: args.slice(1), env };
  };

  it("with Sandbox mode on and nothing else set: the sandbox", async () => {
    const { args, env } = launch({ sandbox: true });
    const result = await listAgents(args, env);
    expect(result.structuredContent).toMatchObject({ count: 3, sandbox: true });
  });

  it("with a key and a base URL: the live service", async () => {
    const { args, env } = launch({ api_key: CANARY_KEY, base_url: sandbox.url, allowed_countries: "US,CA" });
    expect(env.OUTBOUND_CALLS_SANDBOX).toBe("false");
    const result = await listAgents(args, env);
    expect(result.structuredContent?.count).toBe(3);
    expect(result.structuredContent?.sandbox).toBeUndefined();
    expect(sandbox.requests.some((r) => r.headers.authorization === `Bearer ${CANARY_KEY}`)).toBe(true);
  });
});
