import { createClient, defineScript } from "@redis/client";
const s = defineScript({
  SCRIPT: "return {KEYS[1], ARGV[1], tonumber(ARGV[2]) + 1, false, 'x', redis.call('HGETALL', KEYS[1])}",
  parseCommand(parser: any, keys: string[], args: string[]) { parser.push(String(keys.length)); for (const k of keys) parser.pushKey(k); parser.push(...args); },
  transformReply(reply: unknown) { return reply; },
});
const c = createClient({ url: "redis://127.0.0.1:16399/3", RESP: 2, disableOfflineQueue: true, commandOptions: { timeout: 300 }, scripts: { s }, socket: { connectTimeout: 500, reconnectStrategy: (n: number) => Math.min(50 * 2 ** n, 1000) } });
c.on("error", (e: any) => console.log("error event", e?.constructor?.name, e?.message));
await c.connect();
await c.hSet("k", { a: "1", b: "2" });
console.log(JSON.stringify(await c.s(["k"], ["hi", "1700000000000"])));
const t0 = Date.now();
const p = c.sendCommand(["DEBUG", "SLEEP", "1"]).catch((e: any) => "sleep err " + e.constructor.name);
try { await c.s(["k"], ["a", "1"]); } catch (e: any) { console.log("script during sleep:", e.constructor.name, e.message, Date.now() - t0); }
console.log(await p, Date.now() - t0);
await new Promise(r => setTimeout(r, 1200));
console.log("after sleep", await c.ping());
await c.quit();
