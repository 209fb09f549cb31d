// Resource names and program identifiers of an export (issue "export"): readable (from the title),
// unique, and stable — the same organization always gives the same names, because they depend only
// on titles and item ids, assigned in one fixed order.
import { rules } from "../../provider";

const { byBaseThenId, slug } = rules;
export { slug };

/** How `uniqueNames` names: the name of an empty slug, the longest slug, names never given. */
export interface NameRules {
  empty?: string;
  max?: number;
  reserved?: readonly string[];
}

/**
 * One unique name per entry, keyed by `id`: the slug of its title ("item" when empty), then "-2",
 * "-3"… for repeats. Entries are taken in the order (slug, id), so the result does not depend on the
 * order the portal listed them in.
 */
export function uniqueNames(entries: ReadonlyArray<{ id: string; title: string }>, rules: NameRules = {}): Map<string, string> {
  const keyed = entries.map((e) => ({ id: e.id, base: slug(e.title, rules.max) || (rules.empty ?? "item") }));
  keyed.sort(byBaseThenId);
  const used = new Set<string>(rules.reserved);
  const out = new Map<string, string>();
  for (const { id, base } of keyed) {
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    out.set(id, name);
  }
  return out;
}

/** Words a generated identifier must not be: JavaScript's reserved words and the program's own names. */
const RESERVED = new Set([
  ..."break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined".split(" "),
  // names the generated index.ts declares itself
  ..."fs path pulumi portal config adopted here json".split(" "),
]);

/** "water-mains-2" → "waterMains2"; prefixed with "item" when it would start with a digit or be reserved (or one of `declared`, names the program declares besides). */
export function identifier(name: string, declared: readonly string[] = []): string {
  const camel = name.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9_]/g, "");
  if (camel === "" || /^[0-9]/.test(camel) || RESERVED.has(camel) || declared.includes(camel)) return `item${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
  return camel;
}

/** Identifiers for names already unique: two names that camel-case alike get "_2", "_3"… in order. */
export function uniqueIdentifiers(names: readonly string[], declared: readonly string[] = []): Map<string, string> {
  const used = new Set<string>();
  const out = new Map<string, string>();
  for (const name of [...names].sort()) {
    const base = identifier(name, declared);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    out.set(name, id);
  }
  return out;
}
