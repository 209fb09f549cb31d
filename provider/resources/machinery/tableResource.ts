// What the table-driven resources (Group, GroupMembership, Folder) share: check against the rows'
// rules with every failure at once, the changed and replacing keys from the rows, and the plan
// lines of an update (`~ title: "a" → "b"`). A new resource of this kind is its table, its
// requests and its read-back; check, diff and the plan come from here.
import { z } from "zod";
import { ALWAYS, onlyKeys } from "../../rules/keys";
import { checkInputs, type CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { shown } from "./plan";
import { sameValue } from "./sameValue";
import { inputKeys, replaceKeys, keysWhere, type Table } from "./propertyTable";
import { STATE_LAYOUT_VERSION, type RawInputs } from "./state";

/**
 * The rows' rules as one strict zod object: an unknown key is a failure at that key, with the
 * closest argument (`titel`: did you mean "title"), not dropped.
 */
export function rulesOf(table: Table): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  const known: string[] = [];
  for (const [k, p] of Object.entries(table)) {
    if (p.role !== "argument") continue;
    known.push(k);
    if (p.rule !== undefined) shape[k] = p.required ? p.rule : p.rule.optional();
  }
  return z.looseObject(shape).superRefine(onlyKeys(known), ALWAYS);
}

/** Text given as a comma list becomes a list (tags), so its order and spacing are not a change. */
export function asList(v: unknown): unknown {
  if (typeof v !== "string" || isUnknown(v)) return v;
  return v.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/**
 * The checked inputs of a table resource: the arguments as given (lists normalized), the layout
 * version and the URN; the failures of every rule at once.
 */
export function checkByTable(table: Table, news: RawInputs): { inputs: RawInputs; failures: CheckFailure[] } {
  const inputs: RawInputs = {};
  for (const key of inputKeys(table)) {
    const v = news[key];
    if (v === undefined || v === null || table[key].role !== "argument") continue;
    inputs[key] = table[key].list === true ? asList(v) : v;
  }
  const checked = checkInputs(rulesOf(table), inputs);
  inputs.schemaVersion = STATE_LAYOUT_VERSION;
  if (typeof news.__urn === "string") inputs.__urn = news.__urn;
  return { inputs, failures: checked.ok ? [] : checked.failures };
}

/** The argument keys whose value changed (a when-set row unset in the program is not a change). */
export function changedByTable(table: Table, olds: RawInputs, news: RawInputs): string[] {
  return keysWhere(table, (p, k) => p.role === "argument" && p.transient !== true && p.change !== "ignore" && !(p.whenSet === true && news[k] === undefined) && !sameValue(olds[k], news[k]));
}

export function diffByTable(table: Table, olds: RawInputs, news: RawInputs): { changes: boolean; replaces: string[]; changed: string[] } {
  const changed = changedByTable(table, olds, news);
  const replacing = new Set<string>(replaceKeys(table));
  return { changes: changed.length > 0, replaces: changed.filter((k) => replacing.has(k)), changed };
}

/** `~ key: old → new` per changed key, `(replaces the <what>)` where the row says so. */
export function changeLines(table: Table, olds: RawInputs, news: RawInputs, what: string, keys = changedByTable(table, olds, news)): string[] {
  return keys.map((k) => `~ ${k}: ${shown(olds[k])} → ${shown(news[k])}${table[k].change === "replace" ? ` (replaces the ${what})` : ""}`);
}

/** True for a create's check (no old inputs). */
export const isCreate = (olds: RawInputs | undefined) => !olds || Object.keys(olds).length === 0;

const held = (v: unknown) => v !== undefined && v !== null && !isUnknown(v);

/**
 * Issue 29 scope 3 (as PortalItem's check does): a refresh keeps what the portal holds for a
 * when-set argument it also reports (a Folder's owner, a Group's protected) in the state's inputs;
 * a program that leaves it unset would then show `- owner` or `- protected: false` in
 * `preview --diff` on every unrelated update, although unset is not managed and nothing changes in
 * the portal. On an update that keeps the resource, the old value is carried (unset is no change
 * in the diff either); a replacement takes the program's inputs as they are. `alsoKeys`: other
 * arguments whose held value means the same as unset (a roster's empty list).
 */
export function carryHeldWhenUnset(table: Table, olds: RawInputs | undefined, inputs: RawInputs, same: Record<string, (v: unknown) => boolean> = {}): void {
  if (isCreate(olds) || diffByTable(table, olds!, inputs).replaces.length > 0) return;
  const keys = keysWhere(table, (p, k) => p.role === "argument" && ((p.whenSet === true && p.output === true) || k in same));
  for (const key of keys) {
    if (inputs[key] !== undefined || !held(olds![key])) continue;
    if (!(key in same) || same[key](olds![key])) inputs[key] = olds![key];
  }
}
