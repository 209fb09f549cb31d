// What the delete lines of render-plan share (each resource's lines are in its definition).
import type { ItemFacts } from "./definition";

/** A state value in a line: a text quoted, anything else as it is. */
export const quoted = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

/**
 * "4 items" and, when some are in the preview, "(map-a, map-c)": sorted by name, since the engine's
 * step order varies between runs and a comment that is updated in place should not churn.
 */
export function counted(own: unknown, held: ItemFacts[]): { n: number; names: string } {
  const n = Math.max(typeof own === "number" ? own : 0, held.length);
  const sorted = held.map((i) => i.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { n, names: held.length > 0 ? ` (${sorted.join(", ")}${held.length < n ? ", …" : ""})` : "" };
}

/** The line saying how many items a delete concerns (`counted`), when there are any. */
export function countLine(own: unknown, held: ItemFacts[], line: (n: number, names: string) => string): string[] {
  const { n, names } = counted(own, held);
  return n > 0 ? [line(n, names)] : [];
}

/** `s` after a count other than one. */
export const plural = (n: number) => (n === 1 ? "" : "s");
