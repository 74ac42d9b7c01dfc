// Loaded into the server under test with NODE_OPTIONS=--import: on SIGUSR2 it
// provokes what must never kill the server, both carrying the key, so a test
// can check they are logged to stderr with the key removed. The key is read at load: the server removes its
// own variables from process.env once it has read them.
const key = process.env.OUTBOUND_CALLS_API_KEY;
process.on("SIGUSR2", () => {
  void Promise.reject(new Error(`injected rejection with key ${key}`));
  setImmediate(() => {
    throw new Error(`injected exception, Authorization: Bearer ${key}`);
  });
});
