/**
 * A small round-robin HTTP load balancer on 127.0.0.1, for the benchmark and the
 * replica tests: each request goes to the next target in turn (no sticky
 * sessions), streamed both ways (SSE answers pass through unbuffered), with
 * X-Forwarded-For appended as a proxy does. The Host header passes through
 * unchanged: the replicas list the balancer's host:port in
 * OUTBOUND_CALLS_HTTP_ALLOWED_HOSTS, as they would a public name.
 */
import { Agent, createServer, request } from "node:http";

/** Connection-level headers a proxy must not forward (RFC 9110 7.6.1). */
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade"]);

function forwardable(headers) {
  const out = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP.has(name)) out[name] = value;
  return out;
}

/** @param {{targets?: string[]}} [options] */
export async function startRoundRobin(options = {}) {
  let targets = (options.targets ?? []).map((t) => new URL(t));
  let next = 0;
  const hits = new Map();
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const server = createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(502, { "content-type": "text/plain" }).end("no target");
      return;
    }
    const target = targets[next++ % targets.length];
    hits.set(target.origin, (hits.get(target.origin) ?? 0) + 1);
    const headers = forwardable(req.headers);
    const from = req.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = req.headers["x-forwarded-for"] ? `${req.headers["x-forwarded-for"]}, ${from}` : from;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("bad gateway");
      else res.destroy();
    });
    // A client that goes away ends the request upstream too.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** The replicas to balance over (base URLs such as http://127.0.0.1:8808). */
    setTargets(list) {
      targets = list.map((t) => new URL(t));
    },
    /** Requests sent to each target (by origin) so far. */
    hits: () => Object.fromEntries(hits),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
