/**
 * How many bytes of request bodies are held while they are read, per client and
 * in all. A body is read whole before it is parsed and may arrive slowly (up to
 * the 60 s request timeout), so without a bound one client holding many
 * unfinished 4 MiB bodies could hold the process's memory (a hundred: 400 MB).
 * Ordinary requests are a few kilobytes, far below either bound.
 */

/** Four bodies of the largest size from one client at once. */
export const BODY_BYTES_PER_CLIENT = 16 * 1024 * 1024;
/** Sixteen bodies of the largest size in all. */
export const BODY_BYTES_PER_PROCESS = 64 * 1024 * 1024;

export class BodyBudget {
  private readonly byClient = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perClient = BODY_BYTES_PER_CLIENT,
    private readonly perProcess = BODY_BYTES_PER_PROCESS,
  ) {}

  /** Takes `n` bytes for `client`; false, taking nothing, when either bound would be passed. */
  take(client: string, n: number): boolean {
    const held = this.byClient.get(client) ?? 0;
    if (held + n > this.perClient || this.total + n > this.perProcess) return false;
    this.byClient.set(client, held + n);
    this.total += n;
    return true;
  }

  release(client: string, n: number): void {
    if (n <= 0) return;
    const left = (this.byClient.get(client) ?? 0) - n;
    if (left > 0) this.byClient.set(client, left);
    else this.byClient.delete(client);
    this.total = Math.max(0, this.total - n);
  }
}
