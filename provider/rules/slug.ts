// Readable names from titles: the names an export gives resources (cli/export/names.ts), and the
// order it writes them in, which a refresh's read-ahead follows (ops/readAhead.ts).

/** Longest name kept from a title (a Pulumi name may be longer; a reviewer reads these). */
const MAX_SLUG = 48;

/** "Água & Esgoto — 2024" → "agua-esgoto-2024"; "" when nothing readable is left. At most `max` characters, cut at a word. */
export function slug(text: string, max = MAX_SLUG): string {
  const plain = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const dash = cut.lastIndexOf("-");
  return (dash > max / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, "");
}

/** The order names are given in: by slug, then by id (so it does not depend on how the portal listed them). */
export const byBaseThenId = (a: { base: string; id: string }, b: { base: string; id: string }): number => (a.base < b.base ? -1 : a.base > b.base ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `entries` in the order an export names and writes them (by the slug of the title, "" when none, then id). */
export function inExportOrder<T extends { id: string; title?: unknown }>(entries: readonly T[]): T[] {
  return entries
    .map((e) => ({ e, id: e.id, base: slug(typeof e.title === "string" ? e.title : "") }))
    .sort(byBaseThenId)
    .map((k) => k.e);
}
