import { createRequire } from "node:module";

// package.json is the single source of the version (bundled builds inline it).
const pkg = createRequire(import.meta.url)("../package.json") as { name: string; version: string };

export const PACKAGE_NAME = pkg.name;
export const VERSION = pkg.version;
export const USER_AGENT = `${pkg.name}/${pkg.version}`;
