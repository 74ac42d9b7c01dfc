/**
 * The import rule of docs/architecture.md ("The rooms"), checked by `npm run lint:imports` (dependency-cruiser;
 * part of `npm test`). Each folder under src/ is a room. ROOMS lists them from the top down, as the docs do
 * (test/docs/rooms.test.ts holds the two lists equal): a room imports only the rooms below it, type-only imports
 * and dynamic import() included, and nothing in a room imports the entry files at the top of src/. A cycle
 * between two folders always has an arrow that runs up, so these rules refuse folder cycles too.
 */

/** @type {readonly string[]} the rooms, top first */
export const ROOMS = [
  "cli",
  "http",
  "sandbox",
  "mcp",
  "resources",
  "prompts",
  "tools",
  "render",
  "guards",
  "approval",
  "protocol",
  "web",
  "state",
  "service",
  "validation",
  "config",
  "phone",
  "text",
];

const anyOf = (rooms) => `^src/(${rooms.join("|")})/`;

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    ...ROOMS.slice(1).map((room, i) => ({
      name: `upward-from-${room}`,
      severity: "error",
      comment: `src/${room}/ imports a room above it (${ROOMS.slice(0, i + 1).join(", ")}): move what both need to a room below, or change the order in ROOMS and in docs/architecture.md`,
      from: { path: `^src/${room}/` },
      to: { path: anyOf(ROOMS.slice(0, i + 1)) },
    })),
    {
      name: "upward-to-entry",
      severity: "error",
      comment: "a room imports an entry file of src/ (index.ts, bin.ts, demo.ts), which stand above every room",
      from: { path: "^src/[^/]+/" },
      to: { path: "^src/[^/]+$" },
    },
    {
      name: "room-not-in-order",
      severity: "error",
      comment: "a folder of src/ that ROOMS does not list: add it at its place, here and in docs/architecture.md",
      from: { path: "^src/[^/]+/", pathNot: anyOf(ROOMS) },
      to: {},
    },
    {
      name: "room-not-in-order",
      severity: "error",
      comment: "a folder of src/ that ROOMS does not list: add it at its place, here and in docs/architecture.md",
      from: { path: "^src/" },
      to: { path: "^src/[^/]+/", pathNot: anyOf(ROOMS) },
    },
    {
      name: "kernel-names-no-guard",
      severity: "error",
      comment:
        "the kernel of a dial (src/guards/dial/) walks the list of guards and names none: a guard's folder may import the kernel, never the other way (docs/architecture.md)",
      from: { path: "^src/guards/dial/" },
      to: { path: "^src/guards/", pathNot: "^src/guards/dial/" },
    },
    {
      name: "sandbox-stands-alone",
      severity: "error",
      comment: "the sandbox is a calling service of its own: it imports only phone/ (docs/architecture.md)",
      from: { path: "^src/sandbox/" },
      to: { path: "^src/", pathNot: ["^src/sandbox/", "^src/phone/"] },
    },
  ],
  options: {
    includeOnly: "^src/",
    // Type-only imports count: a type names the room it comes from as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
