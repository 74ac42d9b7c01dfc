/** The sandbox's consent file example reads as the server reads an operator's file, and docs/sandbox.md shows it as it is. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { loadConsentFile } from "../../../src/guards/consent/file.js";
import { SANDBOX_CONSENT_EXAMPLE } from "../../../src/sandbox/consent-example.js";

it("loads with a record for each of its three numbers", () => {
  const path = join(mkdtempSync(join(tmpdir(), "consent-example-")), "consent.csv");
  writeFileSync(path, SANDBOX_CONSENT_EXAMPLE);
  const records = loadConsentFile(path, undefined);
  expect([...records.keys()].sort()).toEqual(["+12125550100", "+13055550107", "+15145550100"]);
  expect(records.get("+12125550100")).toMatchObject({
    basis: "prior_express_written_consent",
    source: "web-form-2026-03",
    obtained: "2026-03-02",
  });
});

it("is shown in docs/sandbox.md line for line", () => {
  const doc = readFileSync(new URL("../../../docs/sandbox.md", import.meta.url), "utf8");
  expect(doc).toContain(`\`\`\`csv\n${SANDBOX_CONSENT_EXAMPLE.trimEnd()}\n\`\`\``);
});
