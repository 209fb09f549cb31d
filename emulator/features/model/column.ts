// A growable column of numbers in a typed array (issue 13: a million rows' ids, record numbers and
// offsets as typed arrays are a few MiB where JS arrays or Maps were tens). It starts 32-bit
// (Int32, or Uint32 for values that are never negative) and widens to 64-bit floats the first time
// a value does not fit, so no id or offset is ever cut.
type Narrow = Int32Array | Uint32Array;

export class NumberColumn {
  private values: Narrow | Float64Array;
  private count = 0;

  constructor(private readonly kind: "int32" | "uint32" = "int32", capacity = 256) {
    this.values = kind === "int32" ? new Int32Array(capacity) : new Uint32Array(capacity);
  }

  get length(): number {
    return this.count;
  }

  at(i: number): number {
    return this.values[i];
  }

  push(value: number): void {
    if (this.count === this.values.length) this.resize(this.values.length * 2 || 256);
    if (!(this.values instanceof Float64Array) && !this.fits(value)) this.values = Float64Array.from(this.values);
    this.values[this.count++] = value;
  }

  clear(): void {
    this.values = this.kind === "int32" ? new Int32Array(256) : new Uint32Array(256);
    this.count = 0;
  }

  private fits(value: number): boolean {
    return this.kind === "int32" ? (value | 0) === value : value >>> 0 === value;
  }

  private resize(capacity: number): void {
    const values = new (this.values.constructor as new (n: number) => Narrow | Float64Array)(capacity);
    values.set(this.values.subarray(0, this.count));
    this.values = values;
  }
}
