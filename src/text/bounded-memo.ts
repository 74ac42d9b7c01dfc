/**
 * A memo of a pure function of a text, bounded: once full it starts over, so endless text costs no memory. A text
 * longer than `longest` is computed each time and never kept, so no one entry can be large.
 */
export function boundedMemo<V>(
  most: number,
  longest: number,
  compute: (text: string) => V,
): ((text: string) => V) & { size(): number } {
  const memo = new Map<string, V>();
  const read = (text: string): V => {
    if (text.length > longest) return compute(text);
    let found = memo.get(text);
    if (found === undefined) {
      found = compute(text);
      if (memo.size >= most) memo.clear();
      memo.set(text, found);
    }
    return found;
  };
  return Object.assign(read, { size: () => memo.size });
}
