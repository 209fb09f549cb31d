// Unknown keys in nested inputs (issue 29 scope 4): a misspelled key (`latitudeFeildName`) fails at
// preview at its own path with the closest known key, instead of being sent, or dropped, silently.
import type { z } from "zod";

/** Edit distance, letters compared without case. */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
  return d[a.length][b.length];
}

/** The closest of `known` to `word`, when it is close enough to be a typo of it. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let score = Infinity;
  for (const k of known) {
    const s = distance(word, k);
    if (s < score) [best, score] = [k, s];
  }
  return best !== undefined && score <= Math.max(2, Math.floor(best.length / 4)) ? best : undefined;
}

/** The reason of an unknown key: what to do, with the likely intended key. */
export function unknownKeyReason(key: string, known: readonly string[]): string {
  const hint = didYouMean(key, known);
  return `unknown property${hint ? `; did you mean "${hint}"?` : ""} (known: ${known.join(", ")})`;
}

/**
 * Params for `.superRefine(onlyKeys(…), ALWAYS)`: the key check runs even when a value of the
 * object already failed (zod skips refinements after a wrong type), so a misspelled required key
 * (`acess`) is reported with its suggestion, not only as the missing `access`.
 */
export const ALWAYS = { when: () => true } as const;

/** A superRefine that fails each key of an object not in `known`, at that key's path (pass ALWAYS too). */
export function onlyKeys(known: readonly string[]) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const key of Object.keys(value)) if (!known.includes(key)) ctx.addIssue({ code: "custom", path: [key], message: unknownKeyReason(key, known), params: { unknownKey: true } });
  };
}
