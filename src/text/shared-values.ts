/**
 * Values read again and again. A model polls a call with get_call (a wait asks every few seconds, and models ask
 * again on their own), and the service sends the same record each time: the same text, parsed, cleaned, checked and
 * rendered again, which was most of what a read cost (docs/performance.md). A value the service layer shares is
 * frozen whole, so whatever is derived from it alone (its opt-out matches, its text, its fenced copy) can be kept
 * beside it and can never go stale: nobody can change the value it came from.
 */

/** Roots frozen whole by `share` (Object.isFrozen says nothing of what is inside). */
const shared = new WeakSet<object>();

/**
 * Freezes every object and array in `value` and marks it shared. Iterative: a hostile body nested thousands deep
 * cannot overflow the stack.
 */
export function share<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  const stack: object[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next) || shared.has(next)) continue;
    seen.add(next);
    Object.freeze(next);
    for (const inner of Object.values(next)) if (inner !== null && typeof inner === "object") stack.push(inner);
  }
  shared.add(value);
  return value;
}

export function isShared(value: unknown): boolean {
  return value !== null && typeof value === "object" && shared.has(value);
}

/**
 * `derive`, kept per shared value: computed once for a value `share` froze, every time for any other (a record built
 * here, or changed since, is never answered from the memo). What it returns is frozen too when it is an object.
 */
export function derivedOnce<K extends object, V>(derive: (value: K) => V): (value: K) => V {
  const kept = new WeakMap<K, V>();
  return (value) => {
    if (!shared.has(value)) return derive(value);
    if (kept.has(value)) return kept.get(value) as V;
    const derived = share(derive(value));
    kept.set(value, derived);
    return derived;
  };
}

/**
 * A bounded map from texts to what was made of them: holds at most `maxChars` characters of keys, and starts over when
 * full (the texts of a polled call change as it progresses; the newest are the ones asked again).
 */
export class TextMemo<V> {
  private readonly map = new Map<string, V>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  get(text: string): V | undefined {
    return this.map.get(text);
  }

  /** Whether a text this long is kept at all (a quarter of the whole at most). */
  fits(text: string): boolean {
    return text.length <= this.maxChars / 4;
  }

  set(text: string, value: V): V {
    if (!this.fits(text)) return value;
    if (this.chars + text.length > this.maxChars) {
      this.map.clear();
      this.chars = 0;
    }
    this.map.set(text, value);
    this.chars += text.length;
    return value;
  }
}
