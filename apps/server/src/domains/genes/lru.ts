/**
 * A small least-recently-used map: parsed run data (names, tixel tables, .csc offsets, serialised answers) per
 * stored object. Bounded by entries and, when given, by the sum of the entries' sizes in bytes (an entry larger than
 * the whole budget is not kept). Hand-written: the domain needs these few lines, not a dependency (lru-cache is
 * only in the lock file as a dev tool's transitive dependency, at an old major).
 */
export class Lru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;
  constructor(
    private readonly max: number,
    private readonly maxBytes = Infinity,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  set(key: string, value: V, bytes = 0): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.max || this.bytes > this.maxBytes) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Bytes held, as the entries declared them. */
  get size(): number {
    return this.bytes;
  }
}
