/**
 * Publishing metadata kept honest: `npm pack` ships the built server, README and
 * LICENSE and nothing else; server.json (MCP registry) and manifest.json (MCPB)
 * carry package.json's version, name the variables docs/configuration.md documents, and mark
 * the key secret (manifest.json's tools are generated from the definitions: test/docs/generated.test.ts).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../helpers/server-process.js";
import { DEFAULT_BLOCKED_TYPES } from "../../../src/phone/types.js";

const json = (name: string) => JSON.parse(readFileSync(join(ROOT, name), "utf8")) as Record<string, any>;
const pkg = json("package.json");
const serverJson = json("server.json");
const manifest = json("manifest.json");
const configurationDoc = readFileSync(join(ROOT, "docs/configuration.md"), "utf8");
/** Variables with a row in the configuration table. */
const documented = new Set([...configurationDoc.matchAll(/^\| `(OUTBOUND_CALLS_[A-Z0-9_]+)` \|/gm)].map((m) => m[1]!));

describe("npm pack", () => {
  let files: string[];
  beforeAll(async () => {
    // --ignore-scripts: the suite already built dist/; prepack would rebuild it under the other tests' feet.
    const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    files = (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((f) => f.path).sort();
  }, 60_000);

  it("ships package.json, README.md, LICENSE and the built JavaScript, nothing else", () => {
    const other = files.filter(
      (f) => !["package.json", "README.md", "LICENSE"].includes(f) && !/^dist\/.+\.c?js$/.test(f),
    );
    expect(other).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE", "dist/index.js"]));
    // The bundle loads the sandbox and doctor as lazy chunks: they must ship too.
    expect(files.some((f) => /^dist\/chunks\/sandbox-[A-Z0-9]+\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /^dist\/chunks\/doctor-[A-Z0-9]+\.js$/.test(f))).toBe(true);
    // The phone library, bundled as a file of its own (loaded on the first number check).
    expect(files.some((f) => /^dist\/(chunks\/)?libphonenumber-max\.cjs$/.test(f))).toBe(true);
    // undici and the SDK's ajv provider: required on first use, beside the bundle (scripts/shims/beside.js).
    expect(files).toEqual(expect.arrayContaining(["dist/chunks/undici.cjs", "dist/chunks/sdk-ajv.cjs"]));
  });

  it("declares no runtime dependency: everything the server runs is bundled in dist/", () => {
    for (const field of [
      "dependencies",
      "peerDependencies",
      "optionalDependencies",
      "bundleDependencies",
      "bundledDependencies",
    ]) {
      expect(pkg[field], field).toBeUndefined();
    }
  });

  it("leaves out the demo, the sources, the tests and the publishing metadata", () => {
    expect(files).not.toContain("dist/demo.js");
    expect(files.some((f) => /^(src|test|bench|scripts)\//.test(f) || f.endsWith(".ts") || f.endsWith(".map"))).toBe(
      false,
    );
    expect(files).not.toContain("server.json");
    expect(files).not.toContain("manifest.json");
  });

  it("ships the bin and the entry point the MCPB manifest runs", () => {
    expect(pkg.bin).toEqual({ "outbound-calls-mcp": "dist/index.js" });
    expect(files).toContain(manifest.server.entry_point);
    expect(readFileSync(join(ROOT, "dist/index.js"), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });
});

describe("server.json (MCP registry)", () => {
  it("has the version of package.json, for the server and its npm package", () => {
    expect(serverJson.version).toBe(pkg.version);
    expect(serverJson.packages[0].version).toBe(pkg.version);
  });

  it("is named like package.json's mcpName, which the registry checks for npm packages", () => {
    expect(serverJson.name).toBe(pkg.mcpName);
    expect(serverJson.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(serverJson.$schema).toBe("https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
    expect(serverJson.description.length).toBeGreaterThan(0);
    expect(serverJson.description.length).toBeLessThanOrEqual(100);
  });

  it("points at the npm package over stdio", () => {
    expect(serverJson.packages).toHaveLength(1);
    expect(serverJson.packages[0]).toMatchObject({
      registryType: "npm",
      identifier: pkg.name,
      transport: { type: "stdio" },
      runtimeHint: "npx",
    });
  });

  it("names only variables the configuration table documents, the key and base URL first, and the key as the only secret", () => {
    const vars = serverJson.packages[0].environmentVariables as {
      name: string;
      description: string;
      isSecret?: boolean;
      isRequired?: boolean;
    }[];
    expect(vars.slice(0, 2).map((v) => v.name)).toEqual(["OUTBOUND_CALLS_API_KEY", "OUTBOUND_CALLS_BASE_URL"]);
    for (const v of vars) expect(documented, v.name).toContain(v.name);
    expect(vars.filter((v) => v.isSecret).map((v) => v.name)).toEqual(["OUTBOUND_CALLS_API_KEY"]);
    // The schema has no conditional requirement: none is required (the sandbox needs neither), and the two say when they are.
    expect(vars.filter((v) => v.isRequired).map((v) => v.name)).toEqual([]);
    for (const v of vars.slice(0, 2))
      expect(v.description, v.name).toMatch(/^Required unless OUTBOUND_CALLS_SANDBOX is true: /);
    expect(vars.map((v) => v.name)).toContain("OUTBOUND_CALLS_SANDBOX");
    expect(new Set(vars.map((v) => v.name)).size).toBe(vars.length);
  });

  it("states the blocked number types the server defaults to", () => {
    const vars = serverJson.packages[0].environmentVariables as { name: string; default?: string }[];
    expect(vars.find((v) => v.name === "OUTBOUND_CALLS_BLOCKED_TYPES")?.default).toBe(DEFAULT_BLOCKED_TYPES.join(","));
  });

  it("is valid against the official registry schema of the version it declares (vendored: test/e2e/packaging/registry/)", async () => {
    const version = /\/schemas\/(\d{4}-\d{2}-\d{2})\/server\.schema\.json$/.exec(serverJson.$schema)?.[1];
    const schema = JSON.parse(
      readFileSync(join(ROOT, `test/e2e/packaging/registry/server.schema.${version}.json`), "utf8"),
    ) as Record<string, unknown>;
    expect(schema.$id).toBe(serverJson.$schema);
    const { Ajv } = await import("ajv");
    // CommonJS: its module.exports is the plugin.
    const addFormats = createRequire(import.meta.url)("ajv-formats") as (ajv: InstanceType<typeof Ajv>) => unknown;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(serverJson), ajv.errorsText(validate.errors)).toBe(true);
    // The schema is not a rubber stamp: a version range and a missing transport are refused.
    const broken = structuredClone(serverJson);
    broken.packages[0].version = "latest";
    delete broken.packages[0].transport;
    expect(validate(broken)).toBe(false);
  });
});

describe("manifest.json (MCPB)", () => {
  it("has the version and name of package.json", () => {
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.name).toBe(pkg.name);
    expect(manifest.manifest_version).toBe("0.3");
    expect(manifest.compatibility.runtimes.node).toBe(pkg.engines.node);
  });

  it("runs the built server with node and passes the settings as environment variables", () => {
    expect(manifest.server).toMatchObject({
      type: "node",
      entry_point: "dist/index.js",
      mcp_config: { command: "node", args: ["${__dirname}/dist/index.js"] },
    });
    const env = manifest.server.mcp_config.env as Record<string, string>;
    expect(env.OUTBOUND_CALLS_API_KEY).toBe("${user_config.api_key}");
    for (const name of Object.keys(env)) expect(documented, name).toContain(name);
    // Every ${user_config.x} used is declared, and every declared setting is used.
    const used = Object.values(env).map((v) => /^\$\{user_config\.([a-z_]+)\}$/.exec(v)?.[1]);
    expect(used.every(Boolean)).toBe(true);
    expect(new Set(used)).toEqual(new Set(Object.keys(manifest.user_config)));
  });

  it("keeps the key a sensitive setting, never an argument", () => {
    expect(manifest.user_config.api_key).toMatchObject({ type: "string", sensitive: true });
    for (const [name, setting] of Object.entries(manifest.user_config as Record<string, { sensitive?: boolean }>)) {
      expect(Boolean(setting.sensitive), name).toBe(name === "api_key");
    }
    expect(JSON.stringify(manifest.server.mcp_config.args)).not.toContain("user_config");
  });

  it("offers a sandbox switch, as a boolean the server reads from OUTBOUND_CALLS_SANDBOX", () => {
    expect(manifest.user_config.sandbox).toMatchObject({ type: "boolean", default: false });
    expect(manifest.server.mcp_config.env.OUTBOUND_CALLS_SANDBOX).toBe("${user_config.sandbox}");
  });
});
