/** The built server over --http with OAuth, on a port known before it starts (its public URL names the port). */
import { closedPort } from "./blackhole.js";
import { spawnHttpServer, type HttpServerProcess } from "./http-server-process.js";
import { CANARY_KEY } from "./server-process.js";

export async function startOAuthServer(
  issuer: string,
  serviceUrl: string,
  env: Record<string, string>,
  knownPort?: number,
): Promise<{ server: HttpServerProcess; publicUrl: string }> {
  const port = knownPort ?? (await closedPort());
  const publicUrl = `http://127.0.0.1:${port}`;
  const server = await spawnHttpServer({
    args: ["--port", String(port)],
    env: {
      OUTBOUND_CALLS_API_KEY: CANARY_KEY,
      OUTBOUND_CALLS_BASE_URL: serviceUrl,
      OUTBOUND_CALLS_OAUTH_ISSUER: issuer,
      OUTBOUND_CALLS_PUBLIC_URL: publicUrl,
      OUTBOUND_CALLS_TIMEOUT_MS: "5000",
      ...env,
    },
  });
  return { server, publicUrl };
}
