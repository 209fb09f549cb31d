// The semantic plan of a step (issue "plans a reviewer can trust"): check computes, from the old
// inputs and the new ones, the lines a reviewer reads (`~ rename A → B`, `~ title: "x" → "y"`), and
// returns them as the input `plannedChanges`. Because check's result is what a preview shows for a
// dynamic resource, the lines appear under the resource in `pulumi preview --diff` and in the step's
// `newState.inputs` of `pulumi preview --json`; diff ignores the property and outputs never hold it.

/** The input property that carries the plan lines of a step; absent when there is nothing to say. */
export const PLAN_KEY = "plannedChanges";

/** Adds the plan lines to check's result (no key at all when there are none). */
export function withPlan<T extends Record<string, unknown>>(inputs: T, lines: readonly string[]): T {
  const out: Record<string, unknown> = { ...inputs };
  delete out[PLAN_KEY];
  if (lines.length > 0) out[PLAN_KEY] = [...lines];
  return out as T;
}

/** Outputs and read's inputs never carry a plan: it describes one step, not the resource. */
export function withoutPlan<T extends Record<string, unknown>>(props: T): T {
  const out: Record<string, unknown> = { ...props };
  delete out[PLAN_KEY];
  return out as T;
}

import { UNKNOWN } from "../../rules/unknown";

const MAX_SHOWN = 80;

/** A value as a plan line shows it: JSON, long text cut with its length. */
export function shown(v: unknown): string {
  if (v === undefined || v === null) return "(none)";
  let json: string | undefined;
  try {
    json = JSON.stringify(v);
  } catch {
    json = undefined;
  }
  const text = (json ?? "(a value that is not JSON)").replace(new RegExp(`"${UNKNOWN}"`, "g"), "[unknown]");
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 20)}… (${text.length} characters)`;
}

/** Ids the provider host read during this process: a diff right after a read is a refresh's diff. */
const justRead = new Set<string>();

/** read() calls this; the refresh's diff (olds = what read returned) then speaks from the portal's side. */
export function markRead(kind: string, id: string): void {
  justRead.add(`${kind}\u0000${id}`);
}

/** True once, for the diff that follows a read of the same resource in this process (pulumi refresh). */
export function takeRead(kind: string, id: string): boolean {
  return justRead.delete(`${kind}\u0000${id}`);
}

function size(bytes: unknown): string {
  if (typeof bytes !== "number") return "? bytes";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}

/** A local file as a plan line names it: path, size and the start of its SHA-256 (plus any extra facts). */
export function fileLine(path: unknown, bytes: unknown, sha256: unknown, ...extra: string[]): string {
  const sha = typeof sha256 === "string" ? [`sha256 ${sha256.slice(0, 12)}…`] : [];
  return `${JSON.stringify(path)} (${[size(bytes), ...extra, ...sha].join(", ")})`;
}
