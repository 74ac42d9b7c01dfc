/**
 * A hostile calling service: a real http.Server on 127.0.0.1 (port 0) whose
 * answers to chosen requests can hang, drip, reset, redirect, overflow or lie.
 * Everything else is answered like a plain service (fake-upstream's default
 * handler), so `create_call` can check its agent before the faulty POST.
 *
 * It records every request as soon as its headers arrive (before the body is
 * read, so a reset before reading still counts), every TCP connection, and the
 * body bytes it managed to push into each answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { defaultHandler, type RecordedRequest } from "./fake-upstream.js";

export interface FaultRequest extends RecordedRequest {
  /** The request target exactly as it arrived (before any dot-segment normalization). */
  rawUrl: string;
  /** ms since the fault server started, when the request's headers arrived. */
  at: number;
  idempotencyKey: string | undefined;
}

export interface FaultContext {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  recorded: FaultRequest;
  /** Reads the request body (recorded.text / recorded.json are set once it resolves). */
  readBody(): Promise<string>;
  /** Runs `fn` when the connection closes (to stop timers). */
  onClose(fn: () => void): void;
  /** Counts body bytes the kernel accepted for this answer. */
  countWritten(bytes: number): void;
}

export type Fault = (ctx: FaultContext) => void | Promise<void>;

export interface Match {
  method?: string;
  /** Exact path, or a pattern over the path. */
  path?: string | RegExp;
}

export interface FaultServer {
  url: string;
  port: number;
  requests: FaultRequest[];
  /** TCP connections accepted so far. */
  connections: number;
  /** Body bytes written into answers of faults that count them (see `huge`). */
  bytesWritten: number;
  /** Answer requests matching `match` with `fault`; later rules win. */
  inject(match: Match, fault: Fault): void;
  /** Back to a well-behaved service; forgets recorded requests and counters. */
  reset(): void;
  count(match: Match): number;
  close(): Promise<void>;
}

const matches = (m: Match, method: string, path: string) =>
  (!m.method || m.method === method) && (!m.path || (typeof m.path === "string" ? m.path === path : m.path.test(path)));

export async function startFaultServer(options: { port?: number } = {}): Promise<FaultServer> {
  const t0 = performance.now();
  let rules: Array<{ match: Match; fault: Fault }> = [];
  const sockets = new Set<Socket>();
  const state = {
    requests: [] as FaultRequest[],
    connections: 0,
    bytesWritten: 0,
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const header = req.headers["idempotency-key"];
    const recorded: FaultRequest = {
      method: req.method ?? "",
      path: url.pathname,
      rawUrl: req.url ?? "",
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      text: "",
      json: undefined,
      at: performance.now() - t0,
      idempotencyKey: Array.isArray(header) ? header[0] : header,
    };
    state.requests.push(recorded);
    let bodyPromise: Promise<string> | undefined;
    const readBody = () =>
      (bodyPromise ??= new Promise<string>((resolve) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          recorded.text = Buffer.concat(chunks).toString("utf8");
          try {
            recorded.json = recorded.text ? JSON.parse(recorded.text) : undefined;
          } catch {
            recorded.json = undefined;
          }
          resolve(recorded.text);
        });
        req.on("error", () => resolve(""));
      }));
    const socket = req.socket;
    const ctx: FaultContext = {
      req,
      res,
      socket,
      recorded,
      readBody,
      onClose: (fn) => socket.once("close", fn),
      countWritten: (n) => {
        state.bytesWritten += n;
      },
    };
    const rule = [...rules].reverse().find((r) => matches(r.match, recorded.method, recorded.path));
    const run = async () => {
      if (rule) return rule.fault(ctx);
      await readBody();
      return defaultHandler(recorded, res, req);
    };
    Promise.resolve()
      .then(run)
      .catch(() => socket.destroy());
  });
  server.on("connection", (s: Socket) => {
    state.connections++;
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => undefined);
  });
  // Keep connections short-lived between faults: a hostile socket must not be reused by accident.
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    get bytesWritten() {
      return state.bytesWritten;
    },
    inject(match, fault) {
      rules.push({ match, fault });
    },
    reset() {
      rules = [];
      state.requests = [];
      state.connections = 0;
      state.bytesWritten = 0;
    },
    count(match) {
      return state.requests.filter((r) => matches(match, r.method, r.path)).length;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The faults themselves. Each one is a plain function of the request's context. */
export const faults = {
  /** Reads the request, then never answers. */
  hang: (): Fault => async (ctx) => {
    await ctx.readBody();
  },

  /** Sends the status line, then one header line every `intervalMs`, forever: the headers never end. */
  slowHeaders:
    (intervalMs = 100): Fault =>
    async (ctx) => {
      await ctx.readBody();
      ctx.socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n");
      const timer = setInterval(() => ctx.socket.write("x-slow: 1\r\n"), intervalMs);
      ctx.onClose(() => clearInterval(timer));
    },

  /** Headers at once, then one body byte every `intervalMs`, forever (defeats a per-chunk body timeout). */
  dripBody:
    (intervalMs = 100): Fault =>
    async (ctx) => {
      await ctx.readBody();
      ctx.res.writeHead(200, { "content-type": "application/json" });
      ctx.res.write('{"data":[');
      const timer = setInterval(() => ctx.res.write(" "), intervalMs);
      ctx.onClose(() => clearInterval(timer));
    },

  /** TCP reset as soon as the request's headers arrived, before its body is read. */
  resetBeforeRead: (): Fault => (ctx) => {
    ctx.socket.resetAndDestroy();
  },

  /** Reads the whole request, then resets the connection without a word. */
  resetAfterRead: (): Fault => async (ctx) => {
    await ctx.readBody();
    ctx.socket.resetAndDestroy();
  },

  /**
   * A 200 whose JSON body is `totalBytes` long, streamed with back-pressure; counts
   * the bytes the kernel accepted, so a test can tell whether the client read it all.
   */
  huge:
    (totalBytes = 64 * 1024 * 1024, opts: { contentLength?: boolean; status?: number } = {}): Fault =>
    async (ctx) => {
      await ctx.readBody();
      const head = '{"data":[';
      const tail = '"end"]}';
      const unit = '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",';
      const chunk = Buffer.from(unit.repeat(Math.floor(65_536 / unit.length)));
      const headers: Record<string, string | number> = { "content-type": "application/json" };
      const bodyBytes =
        head.length + tail.length + Math.floor((totalBytes - head.length - tail.length) / chunk.length) * chunk.length;
      if (opts.contentLength) headers["content-length"] = bodyBytes;
      ctx.res.writeHead(opts.status ?? 200, headers);
      let closed = false;
      ctx.onClose(() => {
        closed = true;
      });
      const write = (buf: Buffer | string) =>
        new Promise<boolean>((resolve) => {
          const n = Buffer.byteLength(buf);
          const ok = ctx.res.write(buf, (err) => {
            if (!err) ctx.countWritten(n);
          });
          if (ok) resolve(true);
          else {
            const done = () => {
              ctx.res.off("drain", done);
              ctx.socket.off("close", done);
              resolve(!closed);
            };
            ctx.res.once("drain", done);
            ctx.socket.once("close", done);
          }
        });
      if (!(await write(head))) return;
      let sent = head.length;
      while (!closed && sent + chunk.length + tail.length <= totalBytes) {
        if (!(await write(chunk))) return;
        sent += chunk.length;
      }
      if (!closed) ctx.res.end(tail);
    },

  /** A redirect, with the Location given. */
  redirect:
    (location: string, status = 302): Fault =>
    async (ctx) => {
      await ctx.readBody();
      ctx.res.writeHead(status, { location, "content-length": 0 });
      ctx.res.end();
    },

  /** Any status with any body and headers. */
  answer:
    (status: number, body: string | object = "", headers: Record<string, string> = {}): Fault =>
    async (ctx) => {
      await ctx.readBody();
      const text = typeof body === "string" ? body : JSON.stringify(body);
      const type = typeof body === "string" ? "text/plain" : "application/json";
      ctx.res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text), ...headers });
      ctx.res.end(text);
    },

  /** Announces `declared` bytes of JSON, sends the start of it, then closes: the body breaks off. */
  truncatedJson:
    (declared = 400): Fault =>
    async (ctx) => {
      await ctx.readBody();
      ctx.res.writeHead(200, { "content-type": "application/json", "content-length": declared });
      ctx.res.write('{"data":{"id":"call_1","sta');
      setTimeout(() => ctx.socket.destroy(), 20);
    },

  /** A complete HTTP answer whose JSON text itself is cut short. */
  partialJson: (): Fault => async (ctx) => {
    await ctx.readBody();
    const text = '{"data":{"id":"call_1","status":"que';
    ctx.res.writeHead(200, { "content-type": "application/json", "content-length": text.length });
    ctx.res.end(text);
  },

  /** Bytes that are not HTTP at all, then close. */
  garbage: (): Fault => async (ctx) => {
    await ctx.readBody();
    ctx.socket.end("SSH-2.0-OpenSSH_9.6\r\n\x00\x01\x02 this is not http\r\n\r\n");
  },

  /** Echoes the request's headers (the key included) back in the body. */
  echoHeaders:
    (status = 500): Fault =>
    async (ctx) => {
      await ctx.readBody();
      const text = JSON.stringify({
        error: { message: `bad request, you sent ${JSON.stringify(ctx.req.headers)}` },
        received_headers: ctx.req.headers,
      });
      ctx.res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      ctx.res.end(text);
    },

  /** Answers in turn with each of `steps` (the last one repeats). */
  sequence: (...steps: Fault[]): Fault => {
    let i = 0;
    return (ctx) => {
      const step = steps[Math.min(i, steps.length - 1)]!;
      i++;
      return step(ctx);
    };
  },
};

/** Agents a fault server's default handler lists (for create_call's agent check). */
export { AGENTS } from "./fake-upstream.js";
