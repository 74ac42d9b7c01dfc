/**
 * Read-modify-write of a small 0600 file by several processes of one machine
 * (the `passkeys` command and a running server, two servers sharing a file):
 * a lock file made with O_EXCL beside it, held for the few milliseconds of the
 * update, and the new content written to a temporary file, flushed and renamed
 * over the old one, so a reader sees the old file or the new one, never half.
 *
 * A lock left by a process that died is broken when its process is gone (same
 * machine: the pid it wrote) or when it is older than STALE_MS (a holder never
 * needs more than a few milliseconds; a pid of another machine or container
 * cannot be checked); a holder is never broken while alive and young. A lock
 * is broken by renaming it aside and checking it is the one judged stale (two
 * waiters that judged the same lock stale do not both break it: the second
 * puts back the newer lock it moved), and a holder removes the lock only if
 * it is still its own (one broken as stale while its holder stalled belongs to
 * the writer that broke it).
 */
import { randomBytes } from "node:crypto";
import { link, mkdir, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";

const STALE_MS = 30_000;
const WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another account's process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock's text when it is stale (its holder gone, or too old), else undefined. */
async function staleText(lock: string): Promise<string | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(lock, "utf8"), stat(lock)]);
    if (Date.now() - info.mtimeMs > STALE_MS) return text;
    const pid = Number(/^(\d+) /.exec(text)?.[1]);
    // A lock still being written has no pid yet: young, so not stale.
    return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid) ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Breaks the lock if it still holds `stale`: moved aside first, and put back if another waiter broke it already. */
async function breakLock(lock: string, stale: string): Promise<void> {
  const aside = `${lock}.${randomBytes(6).toString("hex")}.broken`;
  try {
    await rename(lock, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if ((await readFile(aside, "utf8")) !== stale) await link(aside, lock).catch(() => undefined);
  } finally {
    await unlink(aside).catch(() => undefined);
  }
}

/** Runs `work` while holding `<path>.lock`; throws when the lock cannot be had within WAIT_MS. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const until = Date.now() + WAIT_MS;
  const mine = `${process.pid} ${Date.now()} ${randomBytes(9).toString("base64url")}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lock, "wx", 0o600);
      try {
        await handle.writeFile(mine);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const stale = await staleText(lock);
      if (stale !== undefined) {
        await breakLock(lock, stale);
        continue;
      }
      if (Date.now() > until)
        throw new Error(
          `${lock} is held by another process for longer than ${WAIT_MS / 1000} s; if none is running, remove it`,
        );
      await sleep(5 + Math.random() * Math.min(50, 5 * (attempt + 1)));
    }
  }
  try {
    return await work();
  } finally {
    // Only our own: if ours was broken as stale meanwhile, the lock there now is another writer's.
    if ((await readFile(lock, "utf8").catch(() => undefined)) === mine) await unlink(lock).catch(() => undefined);
  }
}

/** Replaces `path` with `text` atomically (temporary file, flushed, renamed), 0600, in a folder made 0700. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = join(dir, `.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temporary, "wx", 0o600);
  try {
    await handle.writeFile(text);
    await handle.chmod(0o600);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** A file's text, undefined when absent; refused beyond `maxBytes` (a damaged or hostile file). */
export async function readSmallFile(path: string, maxBytes: number): Promise<string | undefined> {
  try {
    const buffer = await readFile(path);
    if (buffer.length > maxBytes) throw new Error(`${path} is larger than ${maxBytes} bytes`);
    return buffer.toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
