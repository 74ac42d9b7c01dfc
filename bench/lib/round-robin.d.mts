/** Types of bench/lib/round-robin.mjs, for TypeScript callers (tests, the benchmark). */
export interface RoundRobin {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The replicas to balance over (base URLs such as http://127.0.0.1:8808). */
  setTargets(targets: string[]): void;
  /** Requests sent to each target (by origin) so far. */
  hits(): Record<string, number>;
  close(): Promise<void>;
}

export function startRoundRobin(options?: { targets?: string[] }): Promise<RoundRobin>;
