// Zod issues → Pulumi CheckFailures (spec.md#design-check): full property paths in the engine's form
// `categorySchema[0].categories[3].title`, reasons that state the limit and the actual value, and
// issues under a value unknown during preview dropped (the value is checked again at update).
import type { z } from "zod";
import { redact } from "../rest/redact";
import { issueHitsUnknown, valueAt } from "./unknown";

/** Fields whose values never appear in a reason (spec.md#item-fields servicePassword and the like). */
const SECRET_FIELD = /password|token|secret/i;

/** The shape of @pulumi/pulumi's dynamic.CheckFailure (a type only; the SDK is not loaded). */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** `["categorySchema", 0, "categories", 3, "title"]` → `categorySchema[0].categories[3].title`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$.]*$/.test(key)) out += out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** A short description of a value for reasons: `"abc"`, `42`, `an array`, `an object`. */
export function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === "string") return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (typeof v === "object") return Object.prototype.toString.call(v) === "[object secret]" ? "a value (not shown: secret)" : "an object";
  return `${typeof v} ${String(v)}`;
}

function reasonOf(issue: z.core.$ZodIssue, input: unknown): string {
  const value = valueAt(input, issue.path);
  const secret = issue.path.some((k) => typeof k === "string" && SECRET_FIELD.test(k));
  const actual = secret && value !== undefined && value !== null ? { [Symbol.toStringTag]: "secret" } : value;
  switch (issue.code) {
    case "invalid_type":
      return actual === undefined ? `required (${issue.expected})` : `expected ${issue.expected}, got ${describeValue(actual)}`;
    case "invalid_value":
      return `${describeValue(actual)} is not one of: ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "unrecognized_keys":
      return `unknown properties: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return `${describeValue(actual)} matches none of the accepted shapes`;
    default:
      return issue.message;
  }
}

/** The failures of a zod error; `input` (the validated value) lets reasons name the actual value. */
export function toCheckFailures(error: z.ZodError, input?: unknown, root = "inputs"): CheckFailure[] {
  const out: CheckFailure[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const path = issue.path as PropertyKey[];
    if (input !== undefined && issueHitsUnknown(input, issue as { path: PropertyKey[]; params?: unknown })) continue;
    const property = path.length > 0 ? formatPath(path) : root;
    const reason = redact(reasonOf(issue, input));
    const key = `${property}\u0000${reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ property, reason });
  }
  return out;
}

export type Checked<T> = { ok: true; value: T; failures: [] } | { ok: false; failures: CheckFailure[] };

/**
 * Validates `input`: `ok` with the parsed value, or the failures. Issues under a value unknown
 * during preview do not count; when only such issues exist, `ok` is true and `value` is the input
 * as given (it still holds the sentinels).
 */
export function checkInputs<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data, failures: [] };
  const failures = toCheckFailures(r.error, input);
  if (failures.length === 0) return { ok: true, value: input as z.output<S>, failures: [] };
  return { ok: false, failures };
}
