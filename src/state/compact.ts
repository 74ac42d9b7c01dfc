/** Compact forms of what the in-memory slices keep for minutes or days, read back as they were given. */

/**
 * A string as one flat copy. A string built by concatenation is a tree of pieces until something flattens it:
 * `randomUUID()` on Node builds its 36 characters from about twenty pieces, about 500 bytes of heap where the flat
 * string takes 48. Lossless for any string (lone surrogates included).
 */
export function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A list of one kept as its one string (an array of one costs about 30 bytes more); many() gives the list back. */
export const one = (list: readonly string[]): string | readonly string[] => (list.length === 1 ? list[0]! : list);
export const many = (list: string | readonly string[]): readonly string[] => (typeof list === "string" ? [list] : list);
