// Values unknown during preview (spec.md#design-check): the engine sends this sentinel string for an input
// computed from another resource's output. It equals @pulumi/pulumi's `runtime.unknownValue`; kept
// as a literal here so that loading the schemas does not load the Pulumi SDK (a test compares them).
import { z } from "zod";

export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when `v` is the preview's unknown sentinel. */
export function isUnknown(v: unknown): boolean {
  return v === UNKNOWN;
}

/** True when the value at `path` inside `input`, or any value on the way to it, is unknown. */
export function pathHitsUnknown(input: unknown, path: readonly PropertyKey[]): boolean {
  let cur: unknown = input;
  if (isUnknown(cur)) return true;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return false;
    cur = (cur as Record<PropertyKey, unknown>)[key];
    if (isUnknown(cur)) return true;
  }
  return false;
}

/**
 * True when an issue is about a value unknown during preview, so it is checked again at update. An
 * unknown key (`onlyKeys`) is wrong whatever its value: only an unknown object holding it hides it.
 */
export function issueHitsUnknown(input: unknown, issue: { path: readonly PropertyKey[]; params?: unknown }): boolean {
  const unknownKey = (issue.params as { unknownKey?: unknown } | undefined)?.unknownKey === true;
  return pathHitsUnknown(input, unknownKey ? issue.path.slice(0, -1) : issue.path);
}

/** The value at `path` inside `input` (undefined when the path does not exist). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/**
 * Wraps any schema so that values unknown during preview pass every rule: issues under an
 * unknown value are dropped, the others are kept with their paths and messages.
 */
export function tolerateUnknown<S extends z.ZodType>(schema: S): z.ZodType<unknown> {
  return z.unknown().superRefine((value, ctx) => {
    const r = schema.safeParse(value);
    if (r.success) return;
    for (const issue of r.error.issues) {
      if (issueHitsUnknown(value, issue as { path: PropertyKey[]; params?: unknown })) continue;
      const params = (issue as { params?: Record<string, unknown> }).params;
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path as PropertyKey[] as (string | number)[], params: { ...params, original: issue.code } });
    }
  });
}
