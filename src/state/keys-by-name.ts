/**
 * An index from a name (a phone number) to the keys filed under it, for the in-memory slices: most names have one
 * key, kept as the string itself (a Set of one costs about a hundred bytes more); a second key makes it a Set.
 * Keys come back in the order they were filed, as from a Set.
 */
export class KeysByName {
  private readonly byName = new Map<string, string | Set<string>>();

  add(name: string, key: string): void {
    const keys = this.byName.get(name);
    if (keys === undefined) this.byName.set(name, key);
    else if (typeof keys !== "string") keys.add(key);
    else if (keys !== key) this.byName.set(name, new Set([keys, key]));
  }

  delete(name: string, key: string): void {
    const keys = this.byName.get(name);
    if (keys === key) this.byName.delete(name);
    else if (typeof keys === "object" && keys.delete(key) && keys.size === 1)
      this.byName.set(name, keys.values().next().value!);
  }

  get(name: string): Iterable<string> {
    const keys = this.byName.get(name);
    return keys === undefined ? [] : typeof keys === "string" ? [keys] : keys;
  }
}
