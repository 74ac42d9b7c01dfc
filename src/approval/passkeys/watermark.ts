/**
 * The newest passkey set this replica has seen, per shelf: kept in memory and
 * in a 0600 file of its own beside the passkey file (passkeys-seen.json, not in
 * Redis, which is what it guards against), so a restart remembers it. The
 * registry refuses a stored set older than this one and writes this one back.
 * The file also keeps the last rollback noticed, for `doctor`.
 */
import { dirname, join } from "node:path";
import { readSmallFile, withFileLock, writeFileAtomic } from "../../state/file-lock.js";
import type { PasskeySet } from "./passkey-set.js";

export interface RollbackNote {
  at: number;
  /** The generation found in the shelf (null: no set, or one without our seal). */
  found: number | null;
  /** The newest generation seen before. */
  newest: number;
  pid: number;
}

interface Seen {
  text: string;
  set: PasskeySet;
}

interface WatermarkFile {
  version: 1;
  scopes: Record<string, { set?: string; rollback?: RollbackNote }>;
}

const MAX_BYTES = 4 * 1024 * 1024;

/** Where a replica keeps what it has seen: beside the passkey file (OUTBOUND_CALLS_PASSKEY_FILE's folder). */
export function watermarkFile(passkeyFile: string): string {
  return join(dirname(passkeyFile), "passkeys-seen.json");
}

export class SetWatermark {
  private readonly memory = new Map<string, Seen>();

  private fileFailed = false;

  constructor(
    readonly file: string,
    private readonly open: (text: string, scope: string) => PasskeySet | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** The newest set seen for this shelf, by this process or (through the file) another of this machine. */
  async newest(scope: string): Promise<Seen | undefined> {
    const inMemory = this.memory.get(scope);
    const text = (await this.readFile()).scopes[scope]?.set;
    const set = text === undefined ? undefined : this.open(text, scope);
    const onFile = text !== undefined && set ? { text, set } : undefined;
    if (!onFile) return inMemory;
    if (!inMemory || onFile.set.generation > inMemory.set.generation) {
      this.memory.set(scope, onFile);
      return onFile;
    }
    return inMemory;
  }

  /** Records `seen` if it is newer than what was seen before. */
  async saw(scope: string, seen: Seen): Promise<void> {
    const known = this.memory.get(scope);
    if (known && known.set.generation >= seen.set.generation) return;
    this.memory.set(scope, seen);
    await this.updateFile(scope, (entry) => {
      const old = entry.set === undefined ? undefined : this.open(entry.set, scope);
      if (old && old.generation >= seen.set.generation) return false;
      entry.set = seen.text;
      return true;
    });
  }

  async noteRollback(scope: string, note: RollbackNote): Promise<void> {
    await this.updateFile(scope, (entry) => {
      entry.rollback = note;
      return true;
    });
  }

  async lastRollback(scope: string): Promise<RollbackNote | undefined> {
    return (await this.readFile()).scopes[scope]?.rollback;
  }

  private async readFile(): Promise<WatermarkFile> {
    try {
      const parsed = JSON.parse((await readSmallFile(this.file, MAX_BYTES)) ?? "{}") as Partial<WatermarkFile>;
      return {
        version: 1,
        scopes: parsed.version === 1 && parsed.scopes && typeof parsed.scopes === "object" ? parsed.scopes : {},
      };
    } catch {
      return { version: 1, scopes: {} };
    }
  }

  /**
   * A folder that cannot be written (a read-only container) must not stop approvals: the memory still refuses a
   * rollback while this process runs; the file's loss is said once.
   */
  private async updateFile(
    scope: string,
    change: (entry: { set?: string; rollback?: RollbackNote }) => boolean,
  ): Promise<void> {
    try {
      await withFileLock(this.file, async () => {
        const file = await this.readFile();
        const entry = (file.scopes[scope] ??= {});
        if (change(entry)) await writeFileAtomic(this.file, `${JSON.stringify(file)}\n`);
      });
    } catch (error) {
      if (this.fileFailed) return;
      this.fileFailed = true;
      this.log(
        `outbound-calls-mcp: passkeys: ${this.file} cannot be written (${error instanceof Error ? error.message : String(error)}): ` +
          "the newest passkey set seen is kept in memory only, so after a restart an older set written back would not be noticed. Give the server a writable OUTBOUND_CALLS_PASSKEY_FILE folder.",
      );
    }
  }
}
