// Resource options the category schema classes add to the user's.
import type * as pulumi from "@pulumi/pulumi";

/**
 * The preview shows the tree as its flat `outline` (one line per node added or removed); the
 * nested array, diffed index by index, would repeat the same change less readably, so its diff is
 * hidden (the CLI still says it changed). Users can pass their own hideDiffs; ours are added.
 */
export function hideTreeDiff(opts: pulumi.CustomResourceOptions | undefined, property: string): pulumi.CustomResourceOptions {
  return { ...opts, hideDiffs: [...(opts?.hideDiffs ?? []), property] };
}
