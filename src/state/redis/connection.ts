/**
 * The one connection to Redis and its failure behaviour:
 * - connect and every call are bounded (`connectTimeoutMs`, `commandTimeoutMs`):
 *   node-redis's own command timeout stops counting once a command is written
 *   (node-redis PR #3008), so each call races our own deadline;
 * - no offline queue: while disconnected a call fails at once; the client
 *   reconnects by itself with a capped, jittered backoff, forever;
 * - its queue is bounded (MAX_QUEUE); a call past it fails at once;
 * - a connection that stops answering (deadlines missed, and no answer, over
 *   a few command timeouts: a stalled server, or a peer gone without a reset)
 *   is dropped and opened again;
 * - every failure becomes StoreUnavailableError (the guards refuse the dial), and
 *   nothing thrown here or emitted by the client can crash the process.
 * Messages name the server by host:port only: the URL may carry a password.
 */
import {
  ClientClosedError,
  ClientOfflineError,
  createClient,
  DisconnectsClientError,
  ErrorReply,
  SocketClosedUnexpectedlyError,
  type RedisClientType,
  type RedisScripts,
} from "@redis/client";
import type { RedisSettings } from "../../config/redis.js";
import { StoreUnavailableError } from "../store.js";
import { StoreDataError } from "./records.js";

/** The client as a slice sees it: every command, and the slice's own scripts (`S`) as methods. */
export type RedisClient<S extends RedisScripts = {}> = RedisClientType<{}, {}, S, 2>;

/** The connection as one slice of the store uses it: run() hands it a client that knows the slice's scripts. */
export interface ScriptedConnection<S extends RedisScripts> {
  run<T>(what: string, step: (client: RedisClient<S>) => Promise<T>): Promise<T>;
}

/** Commands waiting to be written or answered, at most; past it a call fails at once. */
const MAX_QUEUE = 1_000;
/**
 * Deadlines keep being missed with no answer in between for this many command timeouts (counted from the
 * first miss): the connection is dropped and another opened. A burst of misses at one moment is not enough.
 */
const STALL_TIMEOUTS = 2;
/** Between two log lines about the same trouble. */
const LOG_EVERY_MS = 30_000;

export type Log = (line: string) => void;

class Deadline extends Error {}

/** Waits before reconnect attempt `retries` (0-based): 100 ms doubling to 2 s, plus up to 100 ms of jitter. */
export function reconnectDelay(retries: number): number {
  return Math.min(100 * 2 ** Math.min(retries, 5), 2_000) + Math.floor(Math.random() * 100);
}

export class RedisConnection {
  private client: RedisClient;
  /** The first deadline missed since the connection last answered; undefined while it answers. */
  private missingSince: number | undefined;
  private readonly readyListeners: Array<() => void> = [];
  private closed = false;
  private lastLogAt = -Infinity;
  private wasReady = false;

  /** `scripts`: every script of the slices the store was assembled from (scripts.ts gatherScripts). */
  constructor(
    private readonly settings: RedisSettings,
    private readonly log: Log,
    private readonly scripts: RedisScripts,
  ) {
    this.client = this.open();
  }

  /**
   * This connection as a slice uses it, with the slice's scripts typed. Each must be one the connection was opened
   * with: a slice whose scripts were not handed to the loader fails here, at start, not at its first dial.
   */
  scripted<S extends RedisScripts>(scripts: S): ScriptedConnection<S> {
    for (const [name, script] of Object.entries(scripts)) {
      if (this.scripts[name] !== script) throw new Error(`the Redis script ${name} was not handed to the connection`);
    }
    return this as unknown as ScriptedConnection<S>;
  }

  /** True once connected (or reconnected) and not since lost. */
  get ready(): boolean {
    return this.client.isReady;
  }

  /** Resolves when the client is ready or after `ms`, whichever is first. */
  async whenReady(ms: number): Promise<boolean> {
    if (this.client.isReady) return true;
    const client = this.client;
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        client.off("ready", onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(client.isReady), ms);
      client.on("ready", onReady);
    });
  }

  /** Runs one step against Redis within the command deadline; any failure is a StoreUnavailableError. */
  async run<T>(what: string, step: (client: RedisClient) => Promise<T>): Promise<T> {
    if (this.closed)
      throw new StoreUnavailableError(`the shared guard state (Redis at ${this.settings.where}) is closed`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Deadline()), this.settings.commandTimeoutMs);
    });
    let op: Promise<T>;
    try {
      op = step(this.client);
    } catch (error) {
      clearTimeout(timer);
      throw this.unavailable(what, error);
    }
    // The losing side of the race must not become an unhandled rejection.
    op.catch(() => undefined);
    try {
      const value = await Promise.race([op, deadline]);
      this.missingSince = undefined;
      return value;
    } catch (error) {
      throw this.unavailable(what, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Called each time a connection becomes ready (the first, and after every reconnect). */
  onReady(listener: () => void): void {
    this.readyListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const client = this.client;
    // A polite QUIT lets Redis answer what was already sent; bounded, then the socket goes regardless.
    const quit = client.isOpen ? client.close().catch(() => undefined) : Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([quit, new Promise((r) => (timer = setTimeout(r, this.settings.commandTimeoutMs)))]);
    clearTimeout(timer);
    if (client.isOpen) client.destroy();
  }

  private open(): RedisClient {
    const client = createClient({
      url: this.settings.url,
      RESP: 2,
      scripts: this.scripts,
      disableOfflineQueue: true,
      commandsQueueMaxLength: MAX_QUEUE,
      // Enterprise maintenance notices need a handshake command that plain servers refuse; we do not use them.
      maintNotifications: "disabled",
      socket: {
        connectTimeout: this.settings.connectTimeoutMs,
        reconnectStrategy: (retries: number) => reconnectDelay(retries),
      },
    });
    client.on("error", (error: unknown) =>
      this.trouble(`${describe(error)}; dials are refused until it answers again`),
    );
    client.on("ready", () => {
      if (this.wasReady || this.lastLogAt > -Infinity)
        this.log(`outbound-calls-mcp: guard state: Redis at ${this.settings.where} is reachable again`);
      this.wasReady = true;
      this.lastLogAt = -Infinity;
      this.missingSince = undefined;
      for (const listener of this.readyListeners) listener();
    });
    client.connect().catch((error: unknown) => this.trouble(describe(error)));
    // Typed without the scripts: a slice reaches its own through scripted().
    return client as unknown as RedisClient;
  }

  /** Drops a connection that stopped answering and opens a new one (the old one's waiting calls fail). */
  private reopen(): void {
    if (this.closed) return;
    const old = this.client;
    this.missingSince = undefined;
    this.trouble(`no answer for ${(STALL_TIMEOUTS + 1) * this.settings.commandTimeoutMs} ms; reconnecting`);
    this.client = this.open();
    old.destroy();
  }

  private unavailable(what: string, error: unknown): StoreUnavailableError {
    const where = `the shared guard state (Redis at ${this.settings.where})`;
    if (error instanceof StoreUnavailableError) return error;
    if (error instanceof Deadline) {
      const now = Date.now();
      this.missingSince ??= now;
      if (now - this.missingSince >= STALL_TIMEOUTS * this.settings.commandTimeoutMs) this.reopen();
      return new StoreUnavailableError(`${where} did not answer ${what} within ${this.settings.commandTimeoutMs} ms`);
    }
    if (error instanceof StoreDataError) {
      this.trouble(`${what}: ${error.message}`);
      return new StoreUnavailableError(
        `${where} holds ${error.message.replace(/ in Redis$/, "")} (written by another version?)`,
      );
    }
    const offline = [ClientOfflineError, ClientClosedError, DisconnectsClientError, SocketClosedUnexpectedlyError];
    if (offline.some((kind) => error instanceof kind))
      return new StoreUnavailableError(`${where} is not connected (reconnecting)`);
    if (error instanceof Error && error.message === "The queue is full") {
      return new StoreUnavailableError(`${where} has ${MAX_QUEUE} calls waiting already`);
    }
    this.trouble(`${what}: ${describe(error)}`);
    if (error instanceof ErrorReply) {
      // Its first word says what (OOM, READONLY, NOPERM, ERR...); the detail went to the log.
      const code = /^[A-Z][A-Z_]+/.exec(error.message)?.[0];
      return new StoreUnavailableError(`${where} refused ${what}${code ? ` (${code})` : ""}`);
    }
    return new StoreUnavailableError(`${where} failed ${what}`);
  }

  /** Logs a problem, once per LOG_EVERY_MS. */
  private trouble(line: string): void {
    const now = Date.now();
    if (now - this.lastLogAt < LOG_EVERY_MS) return;
    this.lastLogAt = now;
    this.log(
      withoutPassword(`outbound-calls-mcp: guard state: Redis at ${this.settings.where}: ${line}`, this.settings.url),
    );
  }
}

/** Belt and braces: no message we log should hold the password, but if one ever quotes it, it goes. */
export function withoutPassword(line: string, url: string): string {
  let password = "";
  try {
    password = new URL(url).password;
  } catch {
    return line;
  }
  let out = line;
  for (const form of new Set([password, safeDecode(password)])) {
    if (form.length >= 4) out = out.split(form).join("[redacted]");
  }
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A client error in one line, without anything that could hold the URL. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code = (error as NodeJS.ErrnoException).code;
  const first = error.message.split("\n", 1)[0] ?? "";
  // Node's socket errors name host:port only; node-redis's own messages do not quote the URL.
  return `${error.constructor.name}${code ? ` ${code}` : ""}: ${first.slice(0, 200)}`;
}
