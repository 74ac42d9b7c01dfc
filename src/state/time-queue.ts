/**
 * A min-heap of items by time, for the in-memory slices that forget or hand out entries in time order: the earliest
 * is found without walking every entry. Ties go by `tieOf` (smallest first) when given, so an order kept elsewhere
 * (an insertion number) survives. Items are not updated in place: a slice pushes again when a time changes and skips
 * what is stale.
 */
export class TimeQueue<T> {
  private readonly times: number[] = [];
  private readonly items: T[] = [];

  constructor(private readonly tieOf?: (item: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  /** The earliest time queued (undefined when empty). */
  peekTime(): number | undefined {
    return this.times[0];
  }

  push(time: number, item: T): void {
    this.times.push(time);
    this.items.push(item);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Takes the earliest item off the queue. */
  pop(): T | undefined {
    const top = this.items[0];
    const last = this.items.length - 1;
    if (last < 0) return undefined;
    this.swap(0, last);
    this.times.pop();
    this.items.pop();
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < last && this.before(left, least)) least = left;
      if (right < last && this.before(right, least)) least = right;
      if (least === i) break;
      this.swap(i, least);
      i = least;
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    const ta = this.times[a]!;
    const tb = this.times[b]!;
    return (
      ta < tb || (ta === tb && this.tieOf !== undefined && this.tieOf(this.items[a]!) < this.tieOf(this.items[b]!))
    );
  }

  private swap(a: number, b: number): void {
    [this.times[a], this.times[b]] = [this.times[b]!, this.times[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }
}
