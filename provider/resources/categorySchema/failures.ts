// Tree-wide check failures (too many trees, too many categories) name the node where the limit is
// passed instead of the whole tree: the engine prints the value of a top-level property beside its
// failure, and a 201-node tree dump would bury the reason.
import type { CheckFailure } from "../../rules/failures";

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

const shortTitle = (t: unknown) => {
  const s = typeof t === "string" && t !== "" ? t : "(untitled)";
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
};

/**
 * A node's failure told in the user's words (issue 29 scope 6): the titles from the root to the
 * node (`Categories/Water/Rivers and lakes of the northern…`) before the reason, beside the
 * engine's index path.
 */
export function withTitlePath(failure: CheckFailure, property: string, tree: unknown): CheckFailure {
  if (!failure.property.startsWith(`${property}[`)) return failure;
  const titles: string[] = [];
  let nodes: unknown = tree;
  for (const m of failure.property.slice(property.length).matchAll(/\[(\d+)\](?:\.categories)?/g)) {
    const node = Array.isArray(nodes) ? (nodes[Number(m[1])] as { title?: unknown; categories?: unknown } | undefined) : undefined;
    if (!node || typeof node !== "object") break;
    titles.push(shortTitle(node.title));
    nodes = node.categories;
  }
  return titles.length === 0 ? failure : { property: failure.property, reason: `${titles.join("/")}: ${failure.reason}` };
}
