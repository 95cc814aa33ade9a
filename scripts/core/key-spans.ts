/**
 * Where each entry of a large file lies, by key: a start and a length per key, in two typed arrays, so a reader that
 * takes one entry at a time holds a key and two numbers per entry instead of the entries. A key given twice keeps its
 * last span, as JSON.parse and a Map built in file order do.
 */
export class KeySpans {
  private starts = new Float64Array(1024);
  private lengths = new Float64Array(1024);
  private readonly slots = new Map<string, number>();
  private count = 0;

  get size(): number {
    return this.slots.size;
  }

  add(key: string, start: number, length: number): void {
    if (this.count === this.starts.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.lengths = grow(this.lengths);
    }
    const slot = this.slots.get(key) ?? this.count++;
    this.slots.set(key, slot);
    this.starts[slot] = start;
    this.lengths[slot] = length;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** The keys, in the order the file first gives them. */
  keys(): IterableIterator<string> {
    return this.slots.keys();
  }

  /** The span of `key`, or undefined when the file has no entry under it. */
  find(key: string): { start: number; length: number } | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    return { start: this.starts[slot] as number, length: this.lengths[slot] as number };
  }
}
