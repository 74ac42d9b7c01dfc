// package.json is the single source of the name and version. The bundle inlines them (esbuild reads the JSON at
// build time), so they hold wherever the code lands: dist/index.js or a lazy chunk under dist/chunks/.
import pkg from "../../package.json" with { type: "json" };

export const PACKAGE_NAME: string = pkg.name;
export const VERSION: string = pkg.version;
export const USER_AGENT = `${PACKAGE_NAME}/${VERSION}`;
