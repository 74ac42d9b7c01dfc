// Loaded into the server under test with NODE_OPTIONS=--import: on SIGUSR2 it runs
// a full garbage collection and prints what is still retained (heap used and
// external memory, in bytes) on stderr, so a memory test can tell garbage that V8
// has yet to collect from memory that is really kept per call.
import v8 from "node:v8";
import vm from "node:vm";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
process.on("SIGUSR2", () => {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  process.stderr.write(`gc-preload: retained ${heapUsed + external}\n`);
});
