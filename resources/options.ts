// Resource options the public classes add to the user's: the diffs `pulumi preview --diff` hides.
import type * as pulumi from "@pulumi/pulumi";

/**
 * Ids a check fills in for dependents (`itemId`, `portalId`, `groupId`, `folderId`; issue 29 scope 3)
 * were unknown when the resource was created, so `pulumi preview --diff` would show them as added on
 * every update although nothing changed in the portal. `plannedChanges` stays visible: it is what a
 * reviewer reads there. (Diffed against the lines stored at the last up it shows as a list diff; the
 * Node.js dynamic provider cannot return a detailed diff, and the engine stores the checked inputs,
 * so the old lines cannot be left out — docs/review.md.)
 */
type Options = pulumi.CustomResourceOptions;

export function withHiddenDiffs(opts: Options | undefined, paths: readonly string[]): Options {
  return paths.length === 0 ? { ...opts } : { ...opts, hideDiffs: [...(opts?.hideDiffs ?? []), ...paths] };
}

/**
 * The preview shows the tree as its flat `outline` (one line per node added or removed); the
 * nested array, diffed index by index, would repeat the same change less readably, so its diff is
 * hidden (the CLI still says it changed), with the portal id the check fills in.
 */
export function hideTreeDiff(opts: Options | undefined, property: string): Options {
  return withHiddenDiffs(opts, [property, `__${property}`, "portalId"]);
}
