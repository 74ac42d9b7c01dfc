/**
 * The generated docs are current, and what they are generated from is complete and true (scripts/gen-docs.ts):
 * the README's tools table, docs/tools.md's annotations table, docs/configuration.md's variables table and
 * manifest.json's tools equal what `npm run docs` writes; every environment variable the code reads has a
 * definition (so --help, rendered from the same definitions, and the table name it); every documented default is
 * the one the code applies.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedFiles, REGENERATE, replaceRegion } from "../../scripts/gen-docs.js";
import { HELP } from "../../src/cli/args.js";
import { sandboxFromEnv } from "../../src/cli/env-flags.js";
import { variables } from "../../src/cli/variables.js";
import { loadConfig } from "../../src/config/env.js";
import { loadHttpConfig } from "../../src/http/config.js";
import { tools } from "../../src/tools/index.js";

const ROOT = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the generated parts of the docs", () => {
  it.each(generatedFiles(ROOT).map((f) => [f.path, f] as const))("%s is current", (path, file) => {
    expect(file.current, `${path} is stale: run \`${REGENERATE}\` and commit the result`).toBe(file.expected);
  });

  it("refuses a file whose markers are missing, so a region cannot silently stop being generated", () => {
    const text =
      "# Page\n\n<!-- BEGIN GENERATED: tools · npm run docs -->\nold\n<!-- END GENERATED: tools -->\n\nprose\n";
    expect(replaceRegion(text, "tools", "new", "page.md")).toBe(
      "# Page\n\n<!-- BEGIN GENERATED: tools · npm run docs -->\nnew\n<!-- END GENERATED: tools -->\n\nprose\n",
    );
    expect(() => replaceRegion(text.replace("<!-- END GENERATED: tools -->", ""), "tools", "new", "page.md")).toThrow(
      /page\.md: expected one/,
    );
    expect(() => replaceRegion(`${text}${text}`, "tools", "new", "page.md")).toThrow(/page\.md: expected one/);
  });
});

describe("the environment variables", () => {
  const used = [
    ...new Set(
      sourceFiles(join(ROOT, "src")).flatMap(
        (path) => readFileSync(path, "utf8").match(/OUTBOUND_CALLS_[A-Z0-9_]*[A-Z0-9]/g) ?? [],
      ),
    ),
  ].sort();

  it("finds the variables to check (the scan works)", () => {
    expect(used).toEqual(
      expect.arrayContaining([
        "OUTBOUND_CALLS_API_KEY",
        "OUTBOUND_CALLS_CONFIRM",
        "OUTBOUND_CALLS_HTTP_TOKEN",
        "OUTBOUND_CALLS_REDIS_URL",
        "OUTBOUND_CALLS_SANDBOX",
      ]),
    );
  });

  it.each(used)(
    "%s, read in src/, has a definition (src/cli/variables.ts) and, for an operator, its line in --help",
    (name) => {
      expect(
        Object.keys(variables),
        `add ${name} to the definitions beside its parser, then run \`${REGENERATE}\``,
      ).toContain(name);
      // A test hook is not part of what an operator configures: no line of --help (test/docs/variables.test.ts).
      const lines = variables[name]?.audience === "test" ? 0 : 1;
      expect(HELP.split("\n").filter((line) => line.startsWith(`  ${name} `))).toHaveLength(lines);
    },
  );

  it("defines no variable the code does not read (BROWSER aside, which is not ours)", () => {
    expect(Object.keys(variables).filter((name) => name !== "BROWSER" && !used.includes(name))).toEqual([]);
  });

  const live = { OUTBOUND_CALLS_API_KEY: "sk_defaults_check", OUTBOUND_CALLS_BASE_URL: "http://127.0.0.1:9" };
  const withDefault = Object.entries(variables).flatMap(([name, doc]) =>
    doc.default === undefined ? [] : [[name, doc.default] as const],
  );

  it.each(withDefault)("%s: unset means what its documented default %j means", (name, value) => {
    if (name === "OUTBOUND_CALLS_SANDBOX") {
      expect(sandboxFromEnv({ [name]: value })).toBe(sandboxFromEnv({}));
    } else if (variables[name]?.group === "http") {
      const http = (env: NodeJS.ProcessEnv) =>
        loadHttpConfig(
          env,
          { host: "127.0.0.1", port: 0 },
          { apiKeys: [live.OUTBOUND_CALLS_API_KEY], timeoutMs: 15_000 },
        );
      expect(http({ [name]: value })).toEqual(http({}));
    } else {
      // The Redis prefix matters only with a Redis URL.
      const base =
        name === "OUTBOUND_CALLS_REDIS_PREFIX" ? { ...live, OUTBOUND_CALLS_REDIS_URL: "redis://127.0.0.1:6379" } : live;
      expect(loadConfig({ ...base, [name]: value })).toEqual(loadConfig(base));
    }
  });

  it("the check of defaults can fail: a value other than the default changes the configuration", () => {
    expect(loadConfig({ ...live, OUTBOUND_CALLS_TIMEOUT_MS: "16000" })).not.toEqual(loadConfig(live));
  });
});

describe("the tools' docs", () => {
  it.each(tools.map((t) => [t.name, t] as const))(
    "%s says whether it places real calls, as its annotations do",
    (_name, tool) => {
      if (tool.annotations.readOnlyHint) {
        expect(tool.docs.sideEffects).toBeUndefined();
      } else if (tool.creates !== undefined) {
        expect(tool.docs.sideEffects).toMatch(/Places a real phone call/);
        expect(tool.docs.brief).toMatch(/real .*calls?/);
      } else {
        // Writes without dialing (add_do_not_call): says so plainly, first.
        expect(tool.docs.sideEffects).toMatch(/^Places no call/);
        expect(tool.docs.brief).toMatch(/places no call/i);
      }
      expect(tool.docs.brief).not.toMatch(/[`*]/);
    },
  );
});
