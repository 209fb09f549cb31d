// Tree-wide check failures (too many trees, too many categories) name the node where the limit is
// passed instead of the whole tree: the engine prints the value of a top-level property beside its
// failure, and a 201-node tree dump would bury the reason.
import type { CheckFailure } from "../rules/failures";

export interface TreeLimits {
  maxTrees?: number;
  maxCategories: number;
}

/** The engine's path of the node with depth-first index `n` (0-based), or undefined. */
export function nthNodePath(property: string, tree: unknown, n: number): string | undefined {
  let seen = 0;
  const walk = (nodes: unknown, at: string): string | undefined => {
    if (!Array.isArray(nodes)) return undefined;
    for (let i = 0; i < nodes.length; i++) {
      if (seen++ === n) return `${at}[${i}]`;
      const found = walk((nodes[i] as { categories?: unknown } | null)?.categories, `${at}[${i}].categories`);
      if (found) return found;
    }
    return undefined;
  };
  return walk(tree, property);
}

/** Moves a failure on the whole tree to the first tree or node past the limit. */
export function pinpointTreeFailure(failure: CheckFailure, property: string, tree: unknown, limits: TreeLimits): CheckFailure {
  if (failure.property !== property || !Array.isArray(tree) || tree.length === 0) return failure;
  if (limits.maxTrees !== undefined && tree.length > limits.maxTrees && /tree/.test(failure.reason)) {
    return { property: `${property}[${limits.maxTrees}]`, reason: failure.reason };
  }
  const past = nthNodePath(property, tree, limits.maxCategories);
  return past ? { property: past, reason: `${failure.reason} (category ${limits.maxCategories + 1} is here)` } : failure;
}
