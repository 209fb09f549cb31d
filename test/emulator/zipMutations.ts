// Structurally hostile zip files for the emulator's package fuzz (issue 45): archives whose local
// headers, central directory or end record lie about offsets, sizes and names, truncated ones,
// entries past the end, zero-length, duplicate and impossible names, nested zips. Built byte by
// byte (adm-zip normalizes names and sizes, so it cannot write most of these).
import * as zlib from "node:zlib";

export interface RawEntry {
  name: Buffer | string;
  data: Buffer | string;
  /** 0 stored, 8 deflated (default: 8 when it makes the data smaller). */
  method?: number;
}

interface Layout {
  bytes: Buffer;
  /** Offsets of each entry's local header and central directory header. */
  local: number[];
  central: number[];
  eocd: number;
}

/** A well-formed zip of `entries` (names as given, bytes not checked), with where each header is. */
export function buildZip(entries: RawEntry[]): Layout {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const local: number[] = [];
  let at = 0;
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, "utf8");
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, "utf8");
    const deflated = zlib.deflateRawSync(data);
    const method = e.method ?? (deflated.length < data.length ? 8 : 0);
    const body = method === 8 ? deflated : data;
    const crc = zlib.crc32(data);
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(0x800, 6);
    lh.writeUInt16LE(method, 8);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(body.length, 18);
    lh.writeUInt32LE(data.length, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(0x800, 8);
    ch.writeUInt16LE(method, 10);
    ch.writeUInt32LE(crc, 16);
    ch.writeUInt32LE(body.length, 20);
    ch.writeUInt32LE(data.length, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(at, 42);
    local.push(at);
    locals.push(lh, name, body);
    centrals.push(Buffer.concat([ch, name]));
    at += lh.length + name.length + body.length;
  }
  const central: number[] = [];
  let c = at;
  for (const ch of centrals) {
    central.push(c);
    c += ch.length;
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(c - at, 12);
  eocd.writeUInt32LE(at, 16);
  return { bytes: Buffer.concat([...locals, ...centrals, eocd]), local, central, eocd: c };
}

const CARD = "<esri_ItemInformation><title>Card</title><tags><tag>a</tag></tags></esri_ItemInformation>";

/** The package every structural lie starts from: an item card, a second info file, data outside the info folder. */
export function basePackage(): Layout {
  return buildZip([
    { name: "esriinfo/iteminfo.xml", data: CARD },
    { name: "esriinfo/notes.txt", data: "notes ".repeat(200) },
    { name: "data/readme.txt", data: "the package's own data\n".repeat(50) },
  ]);
}

export interface HostileZip {
  what: string;
  bytes: Buffer;
}

function patched(what: string, layout: Layout, edit: (b: Buffer, l: Layout) => void): HostileZip {
  const bytes = Buffer.from(layout.bytes);
  edit(bytes, layout);
  return { what, bytes };
}

const U32 = [0, 1, 29, 0x7fffffff, 0xffffffff];
const U16 = [0, 1, 0xffff];

/** Every structural case, each named by what it lies about. */
export function hostileZips(): HostileZip[] {
  const base = basePackage();
  const size = base.bytes.length;
  const out: HostileZip[] = [];
  for (let i = 0; i < base.central.length; i++) {
    const cd = (field: string, off: number, width: 2 | 4, values: number[]) => {
      for (const v of values) out.push(patched(`central directory entry ${i}: ${field} = ${v}`, base, (b, l) => (width === 4 ? b.writeUInt32LE(v >>> 0, l.central[i] + off) : b.writeUInt16LE(v, l.central[i] + off))));
    };
    cd("compressed size", 20, 4, [...U32, size, size * 3]);
    cd("uncompressed size", 24, 4, [...U32, size * 1000]);
    cd("local header offset", 42, 4, [...U32, size - 1, size, size + 1000, base.local[(i + 1) % base.local.length]]);
    cd("name length", 28, 2, [...U16, 200]);
    cd("extra field length", 30, 2, [4, 0xffff]);
    cd("comment length", 32, 2, [0xffff]);
    cd("compression method", 10, 2, [0, 8, 12, 99]);
    cd("flags", 8, 2, [0x1, 0x40, 0x8]);
    const lh = (field: string, off: number, width: 2 | 4, values: number[]) => {
      for (const v of values) out.push(patched(`local header ${i}: ${field} = ${v}`, base, (b, l) => (width === 4 ? b.writeUInt32LE(v >>> 0, l.local[i] + off) : b.writeUInt16LE(v, l.local[i] + off))));
    };
    lh("signature", 0, 4, [0, 0x02014b50]);
    lh("name length", 26, 2, U16);
    lh("extra field length", 28, 2, [8, 0xffff]);
    lh("compressed size", 18, 4, [0, 0xffffffff]);
    out.push(patched(`entry ${i}: its data overwritten with noise`, base, (b, l) => {
      const from = l.local[i] + 30 + b.readUInt16LE(l.local[i] + 26);
      for (let k = from; k < l.central[0] && k < from + 40; k++) b[k] = (k * 151 + 7) & 0xff;
    }));
  }
  const eocd = (field: string, off: number, width: 2 | 4, values: number[]) => {
    for (const v of values) out.push(patched(`end record: ${field} = ${v}`, base, (b, l) => (width === 4 ? b.writeUInt32LE(v >>> 0, l.eocd + off) : b.writeUInt16LE(v, l.eocd + off))));
  };
  eocd("entry count", 10, 2, [0, 1, 2, 0xffff]);
  eocd("central directory size", 12, 4, [0, 10, 0xffffffff]);
  eocd("central directory offset", 16, 4, [0, 1, size, 0xffffffff]);
  eocd("comment length", 20, 2, [10, 0xffff]);
  // truncated: inside an entry's data, inside the central directory, inside the end record
  for (const cut of [10, 31, base.local[1] + 5, base.central[0] - 3, base.central[1] + 10, size - 10, size - 22]) out.push({ what: `truncated to ${cut} of ${size} bytes`, bytes: base.bytes.subarray(0, cut) });
  // entries past the end: the directory names a header beyond the file; garbage appended after the end record
  out.push({ what: "4 KB of noise after the end record", bytes: Buffer.concat([base.bytes, Buffer.alloc(4096, 0x50)]) });
  out.push({ what: "a second end record after the first, pointing past the end", bytes: Buffer.concat([base.bytes, patched("", base, (b, l) => b.writeUInt32LE(size * 2, l.eocd + 16)).bytes.subarray(base.eocd)]) });
  // names
  const named = (what: string, entries: RawEntry[]) => out.push({ what, bytes: buildZip(entries).bytes });
  named("a zero-length name", [{ name: "", data: "nameless" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("a zero-length name in the info folder", [{ name: "esriinfo/", data: "a folder with data" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("duplicate names", [{ name: "esriinfo/iteminfo.xml", data: CARD }, { name: "esriinfo/iteminfo.xml", data: "<not>xml" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("a file, then a folder of the same name", [{ name: "esriinfo/iteminfo.xml", data: CARD }, { name: "esriinfo/a", data: "file" }, { name: "esriinfo/a/b.txt", data: "under a file" }]);
  named("a folder, then a file of the same name", [{ name: "esriinfo/iteminfo.xml", data: CARD }, { name: "esriinfo/a/b.txt", data: "in a folder" }, { name: "esriinfo/a", data: "file on a folder" }]);
  named("the card's name as a folder", [{ name: "esriinfo/iteminfo.xml/x", data: "x" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("a NUL byte in a name", [{ name: "esriinfo/iteminfo.xml", data: CARD }, { name: Buffer.from("esriinfo/a\u0000b.txt", "latin1"), data: "nul" }]);
  named("a NUL byte in a folder's name", [{ name: Buffer.from("esriinfo/d\u0000/b.txt", "latin1"), data: "nul" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("a 300-character name segment", [{ name: `esriinfo/${"n".repeat(300)}.txt`, data: "long" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("a 65,535-byte name", [{ name: `esriinfo/${"d/".repeat(32_000)}${"x".repeat(65_535 - 9 - 64_000)}`, data: "deep" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("names that climb, are absolute or use backslashes", [{ name: "esriinfo/../../x.txt", data: "x" }, { name: "/etc/x", data: "x" }, { name: "esriinfo\\..\\..\\y.txt", data: "y" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("invalid UTF-8 in a name flagged UTF-8", [{ name: Buffer.from([0x65, 0x73, 0x72, 0x69, 0x69, 0x6e, 0x66, 0x6f, 0x2f, 0xff, 0xfe, 0xc0]), data: "bad" }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  // nested zips: a package inside the info folder, a zip of a zip of a zip, a card that is a zip
  const inner = base.bytes;
  const twice = buildZip([{ name: "inner.zip", data: inner, method: 0 }]).bytes;
  named("a package inside the info folder", [{ name: "esriinfo/nested.zip", data: inner, method: 0 }, { name: "esriinfo/iteminfo.xml", data: CARD }]);
  named("a zip of a zip of a zip", [{ name: "esriinfo/nested.zip", data: twice, method: 8 }]);
  named("a card that is itself a zip", [{ name: "esriinfo/iteminfo.xml", data: inner, method: 0 }]);
  // declared sizes far from the data: a deflated entry that inflates to 4 MB, declared as 10 bytes
  out.push(patched("an entry inflating far beyond its declared size", buildZip([{ name: "esriinfo/iteminfo.xml", data: CARD }, { name: "esriinfo/big.txt", data: Buffer.alloc(4 * 1024 * 1024, 0x61), method: 8 }]), (b, l) => b.writeUInt32LE(10, l.central[1] + 24)));
  return out;
}

/** A small seeded generator (mulberry32): the same seed, the same bytes. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` packages with 1 to 4 header bytes overwritten at random (seeded), in the headers and the end record only. */
export function randomHeaderLies(seed: number, count: number): HostileZip[] {
  const base = basePackage();
  const next = seeded(seed);
  const headerBytes: number[] = [];
  for (const at of base.local) for (let k = 0; k < 30; k++) headerBytes.push(at + k);
  for (const at of base.central) for (let k = 0; k < 46; k++) headerBytes.push(at + k);
  for (let k = 0; k < 22; k++) headerBytes.push(base.eocd + k);
  return Array.from({ length: count }, (_, n) => {
    const bytes = Buffer.from(base.bytes);
    const changes: string[] = [];
    for (let k = 0, times = 1 + Math.floor(next() * 4); k < times; k++) {
      const at = headerBytes[Math.floor(next() * headerBytes.length)];
      bytes[at] = Math.floor(next() * 256);
      changes.push(`${at}=${bytes[at]}`);
    }
    return { what: `seed ${seed} case ${n}: bytes ${changes.join(", ")}`, bytes };
  });
}
