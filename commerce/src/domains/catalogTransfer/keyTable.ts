// The keys an import remembers for every row of its file (skus, url keys, variant owners), kept
// compact: a million-row file must not hold a million JavaScript strings and Map entries (about
// 150 bytes each, several kept per row) while it imports in bounded memory (issue 33). Each key
// is written once as UTF-8 into one growing byte arena; an open-addressing hash table of entry
// numbers finds it, and one number per entry carries what the caller records. About the key's
// bytes plus 24 bytes an entry. Keys are compared byte for byte: exact, never a hash alone.

const EMPTY = -1;
/** FNV-1a's 32-bit parameters. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of the bytes from start to end (exported for the tests, which look for colliding keys). */
export function hashBytes(bytes: Buffer, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), FNV_PRIME);
  return hash >>> 0;
}

export class KeyTable {
  private arena = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  /** Per entry: where its bytes start in the arena (they end where the next entry's start). */
  private starts = new Int32Array(1024);
  private hashes = new Uint32Array(1024);
  private values = new Float64Array(1024);
  /** Entry numbers by hash, EMPTY where free; kept at most half full. */
  private slots = new Int32Array(2048).fill(EMPTY);
  private scratch = Buffer.allocUnsafe(256);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Bytes held by the table (arena and arrays, spare room included). */
  get bytes(): number {
    return (
      this.arena.length +
      this.starts.byteLength +
      this.hashes.byteLength +
      this.values.byteLength +
      this.slots.byteLength +
      this.scratch.length
    );
  }

  /** The entry number of `key`, or -1. */
  find(key: string): number {
    const length = this.encode(key);
    return this.lookup(hashBytes(this.scratch, 0, length), length).entry;
  }

  /** The entry number of `key`, added (with value 0) when it is not there yet. */
  add(key: string): number {
    const length = this.encode(key);
    const hash = hashBytes(this.scratch, 0, length);
    const found = this.lookup(hash, length);
    if (found.entry !== EMPTY) return found.entry;
    const entry = this.count;
    this.reserve(entry + 1, length);
    this.scratch.copy(this.arena, this.used, 0, length);
    this.starts[entry] = this.used;
    this.hashes[entry] = hash;
    this.values[entry] = 0;
    this.used += length;
    this.count++;
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.slots[found.slot] = entry;
    return entry;
  }

  key(entry: number): string {
    this.check(entry);
    return this.arena.toString('utf8', this.starts[entry], this.end(entry));
  }

  value(entry: number): number {
    this.check(entry);
    return this.values[entry] as number;
  }

  /** Any integer up to 2^53 (a Float64Array holds it exactly). */
  setValue(entry: number, value: number): void {
    this.check(entry);
    this.values[entry] = value;
  }

  private check(entry: number): void {
    if (!Number.isInteger(entry) || entry < 0 || entry >= this.count) throw new RangeError(`no entry ${entry}`);
  }

  private end(entry: number): number {
    return entry + 1 < this.count ? (this.starts[entry + 1] as number) : this.used;
  }

  /** Writes `key` as UTF-8 into the scratch buffer; its length in bytes. */
  private encode(key: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(key.length * 3);
    return this.scratch.write(key, 0, 'utf8');
  }

  private lookup(hash: number, length: number): { entry: number; slot: number } {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === EMPTY) return { entry: EMPTY, slot };
      if (this.hashes[entry] !== hash) continue;
      const start = this.starts[entry] as number;
      const end = this.end(entry);
      if (end - start === length && this.arena.compare(this.scratch, 0, length, start, end) === 0)
        return { entry, slot };
    }
  }

  private reserve(entries: number, bytes: number): void {
    if (this.used + bytes > this.arena.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.arena.length * 2, this.used + bytes));
      this.arena.copy(grown, 0, 0, this.used);
      this.arena = grown;
    }
    if (entries > this.starts.length) {
      const capacity = this.starts.length * 2;
      const starts = new Int32Array(capacity);
      starts.set(this.starts);
      this.starts = starts;
      const hashes = new Uint32Array(capacity);
      hashes.set(this.hashes);
      this.hashes = hashes;
      const values = new Float64Array(capacity);
      values.set(this.values);
      this.values = values;
    }
  }

  private rehash(capacity: number): void {
    const slots = new Int32Array(capacity).fill(EMPTY);
    const mask = capacity - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = entry;
    }
    this.slots = slots;
  }
}
