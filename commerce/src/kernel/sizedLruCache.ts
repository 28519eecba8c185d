/**
 * A least-recently-used map bounded by an estimate of what its entries hold in the heap, not by
 * their number: entries of one kind can differ a thousandfold in size (a 40-character document
 * and a 256 KiB one), so a count bound is no bound on memory.
 */
export class SizedLruCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #usedBytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly bytesOf: (key: string, value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: moving the entry to the end marks it as the most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.bytesOf(key, value);
    // One entry larger than the whole budget would only push everything else out.
    if (bytes > this.maxBytes) return;
    for (const [oldest, entry] of this.#entries) {
      if (this.#usedBytes + bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#usedBytes -= entry.bytes;
    }
    this.#entries.set(key, { value, bytes });
    this.#usedBytes += bytes;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#usedBytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#usedBytes = 0;
  }

  get usedBytes(): number {
    return this.#usedBytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
