/**
 * Speech recognition's mistakes on the words that matter: "colling", "numbr", "yamarme" read as "calling", "number",
 * "llamarme". A word is corrected only when it is none of the words the patterns spell, nor a real word listed as
 * near one ("falling" stays "falling"), and lies within one edit of a key word (two for keys of eight letters or
 * more). Lookups go through each key's deletions (a word and a key within one edit share a deletion), so a line costs
 * a few map lookups per word, not a comparison with every key.
 */

export interface Corrector {
  /** The text with mis-heard key words corrected, or the same string when nothing changed. */
  correct(folded: string): string;
}

/** Real words one or two edits from a key word, in the languages read: never corrected. */
const NEAR_WORDS = new Set(
  (
    "fall falls falling fell tall ball hall wall mall calm calming culling galling balling walling cell cells " +
    "last lost lust lest mist fist gist lint lift lisp step shop stoop stops slop atop stomp " +
    "lumber number's remote removes removed removing called calls caller contacts phones lists listed " +
    "form forms from again gain pleased please plea " +
    "llama llamas lamar amarme ama llave llegar llamenme llameme llamame llamadme " +
    "appel appele apple belle bella bello ballen " +
    "ruhen rufe rufen rufst anrufe liste listen listes " +
    "ligar ligue liguem ligou lista listas " +
    "chiama chiamo chiami chiamata " +
    "bellen belt bel dzwoni dzwonie " +
    "person persons parson"
  ).split(" "),
);

function deletions(word: string, out: Set<string>): void {
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
}

/** Optimal string alignment distance (edits and swaps of neighbours), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const allowed = (key: string) => (key.length >= 8 ? 2 : 1);

export function makeCorrector(keys: readonly string[], known: ReadonlySet<string>, aliases: Record<string, string>) {
  /** A deletion (or a key itself) to the keys it comes from. */
  const index = new Map<string, string[]>();
  const add = (variant: string, key: string) => {
    const list = index.get(variant);
    if (list === undefined) index.set(variant, [key]);
    else if (!list.includes(key)) list.push(key);
  };
  for (const key of keys) {
    add(key, key);
    const once = new Set<string>();
    deletions(key, once);
    for (const d of once) {
      add(d, key);
      if (key.length >= 8) {
        const twice = new Set<string>();
        deletions(d, twice);
        for (const dd of twice) add(dd, key);
      }
    }
  }
  const keySet = new Set(keys);
  /** A word longer than this is more than two edits from every key: its deletions are never worked out. */
  const longest = keys.reduce((n, k) => Math.max(n, k.length), 0) + 2;

  function fix(word: string): string | undefined {
    const alias = aliases[word];
    if (alias !== undefined) return alias;
    if (word.length < 4 || word.length > longest || keySet.has(word) || known.has(word) || NEAR_WORDS.has(word))
      return undefined;
    if (!/^[a-z]+$/.test(word)) return undefined;
    const probes = new Set<string>([word]);
    deletions(word, probes);
    if (word.length >= 7) for (const d of [...probes]) deletions(d, probes);
    let best: string | undefined;
    let bestDistance = 3;
    for (const probe of probes) {
      for (const key of index.get(probe) ?? []) {
        const d = distance(word, key, allowed(key));
        if (d <= allowed(key) && d < bestDistance) {
          best = key;
          bestDistance = d;
        }
      }
    }
    return best;
  }

  /** Words already looked at (most words of a call are common ones, said again and again). Bounded. */
  const seen = new Map<string, string | null>();
  const fixKept = (word: string): string | undefined => {
    let found = seen.get(word);
    if (found === undefined) {
      found = fix(word) ?? null;
      if (seen.size >= 20_000) seen.clear();
      seen.set(word, found);
    }
    return found ?? undefined;
  };

  return {
    correct(folded: string): string {
      let changed = false;
      const words = folded.split(" ").map((w) => {
        const bare = w.replace(/[.,!?;:]+$/, "");
        const fixed = fixKept(bare);
        if (fixed === undefined) return w;
        changed = true;
        return fixed + w.slice(bare.length);
      });
      return changed ? words.join(" ") : folded;
    },
  } satisfies Corrector;
}
