/**
 * Loaded into the server process by the HTTP load test only
 * (`node --expose-gc --import bench/heap-probe.mjs dist/index.js --http ...`): on SIGUSR2
 * it collects garbage and prints the live heap plus memory held outside it
 * (Buffers, ArrayBuffers) on stderr, so the test can tell memory that is kept
 * from memory V8 and the allocator have not given back yet.
 */
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external } = process.memoryUsage();
  process.stderr.write(`heap-probe ${heapUsed + external}\n`);
});
