/**
 * tools/list from the sources equals the bundle's: the bundle answers from the
 * listing the build wrote (scripts/tool-listings.ts -> BUNDLED_TOOL_LISTINGS),
 * the sources compute it from the loaded tools (src/mcp/tools.ts); both must be
 * the snapshot test/e2e/tools-list.test.ts holds the built server to. And the
 * read-only flag of every tool matches what the tool places.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { loadTools, publishedTools } from "../../src/mcp/tools.js";

const snapshot = JSON.parse(
  readFileSync(new URL("../e2e/__snapshots__/tools-list.json", import.meta.url), "utf8"),
) as unknown[];

it("the listing computed from the sources is the snapshot of the built server's tools/list", async () => {
  const listed = (await publishedTools()).map((t) => t.listed);
  // Through JSON, as the answer travels (keys set to undefined disappear).
  expect(JSON.parse(JSON.stringify(listed))).toEqual(snapshot);
});

it("marks exactly the tools that place calls as writes (hidden in read-only mode)", async () => {
  const published = await publishedTools();
  const tools = await loadTools();
  expect(published.map((t) => t.writes)).toEqual(tools.map((t) => t.creates !== undefined));
  expect(published.filter((t) => t.writes).map((t) => t.listed.name)).toEqual(["create_call", "submit_batch"]);
});
