// A unique index of one field (spec.md#layer-append-metadata) that holds no key strings (issue 13:
// a Map of a million string keys was ~100 MiB of heap per unique field, and its upkeep a tenth of an
// append's time). An open-addressing table of typed arrays: each slot a 32-bit hash of the key (0
// marks an empty slot; a key hashing to 0 is stored as 1) and the object id of its row (32-bit,
// widened to 64-bit floats the first time an id does not fit). The key itself lives in the row (rowFile.ts): a lookup that lands on an
// equal hash asks `holds(oid)` whether that row's field really holds the key, so two keys sharing a
// hash are told apart and the answers are those of a Map.

/** FNV-1a over the UTF-16 code units. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const fitsInt32 = (oid: number) => (oid | 0) === oid;

export class UniqueIndex {
  private hashes = new Uint32Array(1024);
  private oids: Int32Array | Float64Array = new Int32Array(1024);
  private used = 0;

  /** `hash`: the key's hash (tests pass a poor one to make every key collide). */
  constructor(private readonly hash: (key: string) => number = hashKey) {}

  private slotHash(key: string): number {
    return this.hash(key) >>> 0 || 1;
  }

  get size(): number {
    return this.used;
  }

  /** The object id whose row holds `key`, asking `holds` on every slot with the key's hash. */
  find(key: string, holds: (oid: number) => boolean): number | undefined {
    return this.findHashed(this.hash(key), holds);
  }

  /** `find` given the key's hash (computed where the row was prepared: append/csvPieceWorker.ts). */
  findHashed(hash: number, holds: (oid: number) => boolean): number | undefined {
    const h = hash >>> 0 || 1;
    const mask = this.hashes.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const at = this.hashes[i];
      if (at === 0) return undefined; // an empty slot ends the probe
      if (at === h && holds(this.oids[i])) return this.oids[i];
    }
  }

  /**
   * Adds `key` → `oid` unless a row already holds the key: then returns that row's id and adds
   * nothing. One probe where a find and an add would make two (issue 13: an insert's unique check).
   */
  addIfAbsent(key: string, oid: number, holds: (oid: number) => boolean): number | undefined {
    return this.addHashedIfAbsent(this.hash(key), oid, holds);
  }

  /** `addIfAbsent` given the key's hash. */
  addHashedIfAbsent(hash: number, oid: number, holds: (oid: number) => boolean): number | undefined {
    this.makeRoom(oid);
    const h = hash >>> 0 || 1;
    const mask = this.hashes.length - 1;
    let i = h & mask;
    for (let at = this.hashes[i]; at !== 0; i = (i + 1) & mask, at = this.hashes[i]) {
      if (at === h && holds(this.oids[i])) return this.oids[i];
    }
    this.hashes[i] = h;
    this.oids[i] = oid;
    this.used++;
    return undefined;
  }

  /** Adds `key` → `oid`; the caller has checked the key is free. */
  add(key: string, oid: number): void {
    this.makeRoom(oid);
    this.place(this.slotHash(key), oid);
    this.used++;
  }

  /** Removes the slot of `key` that points at `oid` (no row read: the id tells the slots apart). */
  remove(key: string, oid: number): void {
    const h = this.slotHash(key);
    const mask = this.hashes.length - 1;
    let i = h & mask;
    for (; ; i = (i + 1) & mask) {
      const at = this.hashes[i];
      if (at === 0) return;
      if (at === h && this.oids[i] === oid) break;
    }
    // Backward-shift deletion: pull later slots of the same run into the hole, so no probe stops early.
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const at = this.hashes[j];
      if (at === 0) break;
      const home = at & mask;
      const between = i <= j ? home > i && home <= j : home > i || home <= j;
      if (between) continue;
      this.hashes[i] = at;
      this.oids[i] = this.oids[j];
      i = j;
    }
    this.hashes[i] = 0;
    this.used--;
  }

  /** Room for one more slot holding `oid`: widened ids, and a table at most half full. */
  private makeRoom(oid: number): void {
    if (!fitsInt32(oid) && this.oids instanceof Int32Array) this.oids = Float64Array.from(this.oids);
    if ((this.used + 1) * 2 > this.hashes.length) this.grow();
  }

  private place(h: number, oid: number): void {
    const mask = this.hashes.length - 1;
    let i = h & mask;
    while (this.hashes[i] !== 0) i = (i + 1) & mask;
    this.hashes[i] = h;
    this.oids[i] = oid;
  }

  private grow(): void {
    const { hashes, oids } = this;
    this.hashes = new Uint32Array(hashes.length * 2);
    this.oids = oids instanceof Int32Array ? new Int32Array(hashes.length * 2) : new Float64Array(hashes.length * 2);
    for (let i = 0; i < hashes.length; i++) if (hashes[i] !== 0) this.place(hashes[i], oids[i]);
  }
}
