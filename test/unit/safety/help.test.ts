/** Every guard variable is explained in --help (one line each), so the help cannot fall behind the config. */
import { expect, it } from "vitest";
import { HELP } from "../../../src/cli/args.js";
import { safetyEnvShape } from "../../../src/config/safety.js";

it("--help names every safety variable", () => {
  const missing = Object.keys(safetyEnvShape).filter((name) => !new RegExp(`^  ${name} `, "m").test(HELP));
  expect(missing).toEqual([]);
});
