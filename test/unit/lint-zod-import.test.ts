/**
 * eslint.config.js forbids zod's `z` (and its default, the same namespace) as a named or default import in src/, in
 * every way of writing one: `import * as z from "zod"` is the one form that lets the bundle leave most of zod out of
 * the start chunk (scripts/build.mjs stops on the start chunk only, and not on a lazy chunk's).
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const eslint = new ESLint({ cwd: ROOT });
const flagged = async (code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/src/lint-probe.ts` });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
};

it("flags every named or default import of zod's z, and re-exports of it, in src/", async () => {
  const forbidden = [
    'import { z } from "zod";',
    'import { z as zz } from "zod";',
    'import zod from "zod";',
    'import { default as zod } from "zod";',
    'import { z } from "zod/v4";',
    'import zod from "zod/v4";',
    'export { z } from "zod";',
    'export { z as zod } from "zod";',
    'export { default } from "zod";',
    'export { default as zod } from "zod/v4";',
  ];
  for (const code of forbidden) expect(await flagged(code), code).toBe(1);
});

it("allows the namespace import, named imports of zod's functions and types, and type-only imports", async () => {
  const allowed = [
    'import * as z from "zod";',
    'import type * as z from "zod";',
    'import type { z } from "zod";',
    'import { type z } from "zod";',
    'import { object, string } from "zod";',
    'export { object } from "zod";',
    'export type { z } from "zod";',
    'import { $ZodType } from "zod/v4/core";',
  ];
  for (const code of allowed) expect(await flagged(code), code).toBe(0);
});
