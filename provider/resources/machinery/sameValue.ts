// Deep equality of two property values, as every resource's diff compares them.

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  }
  return v;
}

const plainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Deep equality of JSON-like values, key order ignored, a key holding undefined taken as absent, and
 * `skipKey` (when given) left out of the top level on both sides. It allocates nothing; anything but
 * plain objects, arrays and primitives compares unequal (sameValue then asks JSON).
 */
export function sameJson(a: unknown, b: unknown, skipKey?: string): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (!plainObject(a) || !plainObject(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const k in ao) {
    if (k === skipKey || ao[k] === undefined) continue;
    if (!sameJson(ao[k], bo[k])) return false;
    count++;
  }
  for (const k in bo) if (k !== skipKey && bo[k] !== undefined) count--;
  return count === 0;
}

/** Deep equality that ignores key order (objects read back from the portal may reorder keys), as JSON sees values. */
export function sameValue(a: unknown, b: unknown): boolean {
  // the common answer (equal plain values) without a copy; anything else as JSON text, as always
  return sameJson(a ?? null, b ?? null) || JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}
