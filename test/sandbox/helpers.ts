import { afterEach } from "vitest";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../src/sandbox/index.js";

export const KEY_A = "sk_test_alpha";
export const KEY_B = "sk_test_bravo";

const open: Sandbox[] = [];

/** Registers an afterEach that closes every sandbox the file started. Call once at the top of a test file. */
export function closeSandboxesAfterEach(): void {
  afterEach(async () => {
    await Promise.all(open.splice(0).map((sandbox) => sandbox.close()));
  });
}

export async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await startSandbox({ rateLimit: false, ...options });
  open.push(sandbox);
  return sandbox;
}

/** A clock the test moves by hand. */
export class Clock {
  constructor(public ms = Date.UTC(2025, 5, 16, 12, 0, 0)) {}
  readonly now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += Math.round(seconds * 1000);
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  // Tests read bodies loosely: the shape is what is being tested.
  body: any;
}

export interface Api {
  get(path: string, query?: Record<string, string | number>): Promise<Answer>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  raw(path: string, init: RequestInit): Promise<Answer>;
}

export function api(sandbox: Sandbox, key: string | null = KEY_A): Api {
  const auth: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  const raw = async (path: string, init: RequestInit): Promise<Answer> => {
    const response = await fetch(`${sandbox.url}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: some tests look at non-JSON answers.
    }
    return { status: response.status, headers: response.headers, body };
  };
  return {
    raw,
    get: (path, query) => {
      const qs = query
        ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
        : "";
      return raw(`/api/v1${path}${qs}`, { method: "GET" });
    },
    post: (path, body, headers = {}) =>
      raw(`/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

export async function firstAgentId(client: Api, index = 0): Promise<string> {
  const answer = await client.get("/agents");
  return answer.body.data[index].id as string;
}
