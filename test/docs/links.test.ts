/**
 * The docs hold together: every relative link in README.md, CONTRIBUTING.md, test/README.md, test/helpers/README.md,
 * bench/NOTES.md, src/sandbox/README.md and docs/ (at any depth) points at a file or folder of this repository that
 * exists, and a #fragment points at a heading of its Markdown page, by GitHub's own anchors (github-slugger). A page
 * moved, a source file renamed or a heading reworded without its links fails here.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";
import { markdownUnder } from "../helpers/markdown-pages.js";
import { ROOT } from "../helpers/server-process.js";

const pages = [
  "README.md",
  "CONTRIBUTING.md",
  "test/README.md",
  "test/helpers/README.md",
  "bench/NOTES.md",
  "src/sandbox/README.md",
  ...markdownUnder("docs"),
];

/** The Markdown a reader sees as prose: fenced code blocks dropped, inline code reduced to a placeholder. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]+`/g, "code");
}

/** `[label](target)` links; external ones (a scheme such as https:) are left to the reader. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\[[^\]\n]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

/** The anchors GitHub gives a page's headings (outside code blocks), duplicates numbered as it numbers them. */
function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = [...markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)];
  // GitHub slugs the heading's text: link targets dropped, their labels kept.
  return new Set(headings.map((h) => slugger.slug(h[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"))));
}

const cases = pages.flatMap((page) =>
  relativeLinks(readFileSync(join(ROOT, page), "utf8")).map((link) => [page, link] as const),
);

describe("relative links in the docs", () => {
  it("finds the pages and their links (the scan works)", () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        "README.md",
        "CONTRIBUTING.md",
        "docs/architecture.md",
        "docs/safety.md",
        "docs/sandbox.md",
      ]),
    );
    for (const page of pages)
      expect(relativeLinks(readFileSync(join(ROOT, page), "utf8")).length, page).toBeGreaterThan(0);
    expect(cases.filter(([, link]) => link.includes("#")).length).toBeGreaterThan(20);
  });

  it.each(cases)("%s → %s", (page, link) => {
    const [path, fragment] = link.split("#", 2) as [string, string | undefined];
    const target = path === "" ? join(ROOT, page) : resolve(ROOT, dirname(page), decodeURIComponent(path));
    expect(relative(ROOT, target).startsWith(".."), `${link} leaves the repository`).toBe(false);
    expect(existsSync(target), `${link}: no such file`).toBe(true);
    if (fragment !== undefined) {
      expect(target.endsWith(".md"), `${link}: a fragment on a page that is not Markdown`).toBe(true);
      expect([...anchors(readFileSync(target, "utf8"))], `${link}: no such heading`).toContain(fragment);
    }
  });
});

describe("the files docs/architecture.md names", () => {
  // Its picture is a text block, where links cannot be: every path in it (relative to src/ unless it says
  // otherwise) must still exist, so a file moved by a refactor shows here.
  const text = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const named = [
    ...new Set([...text.matchAll(/(?<![\w/.*-])((?:[a-z-]+\/)+[a-z-]+\.(?:ts|mjs|json))(?![\w*])/g)].map((m) => m[1]!)),
  ];
  const path = (p: string) => (/^(src|test|bench|scripts)\//.test(p) ? p : `src/${p}`);

  it("finds them (the scan works)", () => {
    expect(named).toEqual(
      expect.arrayContaining(["service/transport/client.ts", "guards/dial-guard.ts", "src/tools/define.ts"]),
    );
  });

  it.each(named)("%s exists", (p) => {
    expect(existsSync(join(ROOT, path(p))), path(p)).toBe(true);
  });
});

describe("the maps of the docs", () => {
  // A page nobody links from the map is a page a reader does not find (docs/consent.md was missing once). The map
  // is docs/README.md, by reader; the README's Documentation section names it and lists the same pages.
  const docsPages = pages.filter((p) => p.startsWith("docs/") && p !== "docs/README.md");
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(
    readme.indexOf("## Documentation"),
    readme.indexOf("\n## ", readme.indexOf("## Documentation") + 1),
  );
  const inReadme = new Set(relativeLinks(section).map((l) => l.split("#")[0]!));
  const inMap = new Set(
    relativeLinks(readFileSync(join(ROOT, "docs/README.md"), "utf8")).map((l) => `docs/${l.split("#")[0]!}`),
  );

  it("finds their links (the scan works)", () => {
    expect(inReadme.has("docs/README.md")).toBe(true);
    expect(inMap.size).toBeGreaterThan(5);
  });

  it.each(docsPages)("the map lists %s", (page) => {
    expect(inMap.has(page), `${page} is not in docs/README.md`).toBe(true);
  });

  it.each(docsPages)("the README's Documentation section lists %s", (page) => {
    expect(inReadme.has(page), `${page} is not in the README's Documentation section`).toBe(true);
  });
});
