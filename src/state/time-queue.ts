/**
 * A min-heap of items by time, for the in-memory slices that forget or hand out entries in time order: the earliest
 * is found without walking every entry. Each item holds its own place in the heap, so an item whose time changed is
 * moved at once and one forgotten is taken out: the heap holds each item once, at its time, and nothing else.
 * Ties go by `tieOf` (smallest first) when given, so an order kept elsewhere (an insertion number) survives.
 */
export interface Queued {
  /** The item's place in the heap; -1 when it is not in one. Only the heap writes it. */
  queueSlot: number;
}

export class TimeQueue<T extends Queued> {
  private readonly items: T[] = [];

  constructor(
    private readonly timeOf: (item: T) => number,
    private readonly tieOf?: (item: T) => number,
  ) {}

  get size(): number {
    return this.items.length;
  }

  /** The earliest item (undefined when empty). */
  peek(): T | undefined {
    return this.items[0];
  }

  /** Puts the item in at its time, or moves it there after its time changed. */
  set(item: T): void {
    if (item.queueSlot < 0) {
      item.queueSlot = this.items.length;
      this.items.push(item);
    }
    this.down(this.up(item.queueSlot));
  }

  /** Takes the item out (nothing when it is not in). */
  delete(item: T): void {
    const slot = item.queueSlot;
    if (slot < 0) return;
    item.queueSlot = -1;
    const last = this.items.pop()!;
    if (last === item) return;
    this.place(last, slot);
    this.down(this.up(slot));
  }

  private up(slot: number): number {
    const item = this.items[slot]!;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (!this.before(item, this.items[parent]!)) break;
      this.place(this.items[parent]!, slot);
      slot = parent;
    }
    this.place(item, slot);
    return slot;
  }

  private down(slot: number): void {
    const item = this.items[slot]!;
    const n = this.items.length;
    for (;;) {
      const left = 2 * slot + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.before(this.items[right]!, this.items[left]!) ? right : left;
      if (!this.before(this.items[child]!, item)) break;
      this.place(this.items[child]!, slot);
      slot = child;
    }
    this.place(item, slot);
  }

  private place(item: T, slot: number): void {
    this.items[slot] = item;
    item.queueSlot = slot;
  }

  private before(a: T, b: T): boolean {
    const ta = this.timeOf(a);
    const tb = this.timeOf(b);
    return ta < tb || (ta === tb && this.tieOf !== undefined && this.tieOf(a) < this.tieOf(b));
  }
}
