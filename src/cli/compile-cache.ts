/**
 * Node's compile cache (`module.enableCompileCache`, Node 22.1+): the code V8
 * compiled for the bundle is written to disk when the process exits, and later
 * starts read it instead of compiling the bundle again (docs/performance.md has
 * the figures).
 *
 * Where: inside the package, `.cache/node-compile-cache` (Node makes one folder
 * per Node version in it). The cache holds code this process runs, so it lives
 * where that code lives: whoever can write there can already change dist/. Not
 * in os.tmpdir() (Node's default), where another user of the machine could put
 * it first. It goes away with the package and is not shipped (`files` in
 * package.json, .mcpbignore).
 *
 * When it cannot be used (a package folder the user cannot write, such as a
 * global install owned by root or a read-only image), Node answers FAILED and
 * the server starts as it did without it; nothing is logged. A changed bundle or
 * a damaged entry is compiled afresh (Node checks each entry against the source
 * and a checksum). Node's own variables still rule: NODE_COMPILE_CACHE=<dir>
 * puts it elsewhere, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import module from "node:module";
import { fileURLToPath } from "node:url";

type EnableCompileCache = (directory: string) => { status: number; message?: string };

export function startCompileCache(directory: URL): void {
  const enable: unknown = Reflect.get(module, "enableCompileCache");
  if (typeof enable !== "function") return; // Node 22.0
  try {
    (enable as EnableCompileCache)(fileURLToPath(directory));
  } catch {
    // A speed-up only: the server starts without it.
  }
}
