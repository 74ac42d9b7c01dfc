/**
 * A process that enrolls passkeys into a passkey file, as the `passkeys`
 * command or a second server on the machine would (bundled and run by
 * test/state/passkey-file-writers.test.ts): argv file, seen-file, tag, count,
 * start time (epoch ms, so two processes write at the same moment).
 */
import { PasskeyRegistry } from "../../src/approval/passkeys/registry.js";
import { FilePasskeyShelf } from "../../src/state/passkey-shelf.js";

const [file, seen, tag, count, startAt] = process.argv.slice(2);
const shelf = new FilePasskeyShelf(file!);
const registry = new PasskeyRegistry({
  shelf: async () => shelf,
  key: Buffer.alloc(32, 7),
  watermarkFile: seen!,
  now: Date.now,
  log: (l) => process.stderr.write(`${l}\n`),
});
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    registry.add({
      id: `${tag}-${i}`,
      name: `${tag} ${i}`,
      publicKey: "pk",
      counter: 0,
      transports: [],
      rpId: "localhost",
      createdAt: Date.now(),
    }),
  ),
);
process.stdout.write("done\n");
