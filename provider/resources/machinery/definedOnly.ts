// The provider host sends results as protobuf Structs, which cannot hold undefined. A result is
// made JSON-clean the way JSON.parse(JSON.stringify(v)) would make it — an undefined, function or
// symbol value dropped from an object and null in an array, a non-finite number null, toJSON
// honoured — by one walk instead of a string built and parsed again: a refresh of thousands of
// resources builds a result per resource (issue 24's refresh profile: a tenth of the provider's
// own time went to the round trip).

/** `v` as JSON.parse(JSON.stringify(v)) gives it back (undefined for a value JSON drops). */
export function definedOnly<T>(v: T): T {
  return clean(v) as T;
}

function clean(v: unknown): unknown {
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      return Number.isFinite(v) ? v + 0 : null; // -0 as 0, as JSON writes it
    case "object":
      break;
    default:
      // undefined, functions and symbols are dropped; a bigint makes JSON.stringify throw, as here
      return typeof v === "bigint" ? JSON.stringify(v) : undefined;
  }
  if (v === null) return null;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = clean(v[i]) ?? null;
    return out;
  }
  const proto = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || typeof (v as { toJSON?: unknown }).toJSON === "function") return JSON.parse(JSON.stringify(v));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const c = clean((v as Record<string, unknown>)[k]);
    if (c === undefined) continue;
    if (k === "__proto__") Object.defineProperty(out, k, { value: c, enumerable: true, writable: true, configurable: true });
    else out[k] = c;
  }
  return out;
}
