// Values of an exported program as TypeScript text: one line when short, else indented JSON.

/** Nothing worth writing: undefined, null, "", [] or {}. */
export const blank = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && !Array.isArray(v) && Object.keys(v as object).length === 0);

/** An object key as TypeScript writes it: bare when it is an identifier, else quoted. */
export const propertyKey = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));

/** A JSON value on one line, spaced as a person writes it: `["a", "b"]`, `{ wkid: 4326 }`. */
export function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    const keys = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${propertyKey(k)}: ${inline(x)}`);
    return keys.length === 0 ? "{}" : `{ ${keys.join(", ")} }`;
  }
  return JSON.stringify(v) ?? "undefined";
}

/** A JSON value as TypeScript: one line when short, else indented under `indent`. */
export function literal(v: unknown, indent: string): string {
  const flat = inline(v);
  if (flat.length <= 100) return flat;
  return JSON.stringify(v, null, 2).split("\n").join(`\n${indent}`);
}
