// The readable tree diff of a category schema change: nodes added, removed, renamed (same parent,
// same subtree, new title), moved (new parent, same subtree), re-described and re-ordered. Computed
// on outlines so it matches the keys the preview shows; one line per change for a reviewer.
import { outlineEntries, outlineKey, type OutlineEntry, type TreeNode } from "./tree";

export type TreeChange =
  | { kind: "add"; path: string; descendants: number }
  | { kind: "remove"; path: string; descendants: number }
  | { kind: "rename"; from: string; to: string }
  | { kind: "move"; from: string; to: string }
  | { kind: "describe"; path: string; from: string; to: string }
  | { kind: "reorder"; parent: string; from: string[]; to: string[] };

interface Node extends OutlineEntry {
  parent: string;
  /** Description and relative descendant keys: equal signatures mean the same subtree. */
  signature: string;
  /** False for a bare leaf without description: too common to pair on the signature alone. */
  distinctive: boolean;
}

function index(tree: readonly TreeNode[]): Map<string, Node> {
  const entries = outlineEntries(tree);
  const nodes = new Map<string, Node>();
  for (const e of entries) {
    const below = entries.filter((d) => d.key.startsWith(`${e.key}/`)).map((d) => `${d.key.slice(e.key.length)}=${d.description}`);
    nodes.set(e.key, {
      ...e,
      parent: outlineKey(e.titles.slice(0, -1)),
      signature: JSON.stringify([e.description, below]),
      distinctive: e.description !== "" || below.length > 0,
    });
  }
  return nodes;
}

const under = (key: string, top: string) => key === top || key.startsWith(`${top}/`);

/** The changes that turn `before` into `after`, in a stable order (removals and moves first). */
export function diffTrees(before: readonly TreeNode[], after: readonly TreeNode[]): TreeChange[] {
  const olds = index(before);
  const news = index(after);
  const removed = [...olds.values()].filter((n) => !news.has(n.key));
  const added = [...news.values()].filter((n) => !olds.has(n.key));
  const covered = new Set<string>();
  const coveredNew = new Set<string>();
  const changes: TreeChange[] = [];
  const isCovered = (key: string, set: Set<string>) => [...set].some((top) => under(key, top));

  // spec.md#category-schema trees: pair a removed node with an added one holding the same subtree (rename or move)
  for (const r of removed) {
    if (isCovered(r.key, covered)) continue;
    const candidates = added.filter((a) => !isCovered(a.key, coveredNew) && a.signature === r.signature);
    const last = (n: Node) => n.titles[n.titles.length - 1];
    const match =
      candidates.find((a) => last(a) === last(r)) ?? candidates.find((a) => a.parent === r.parent) ?? (r.distinctive ? candidates[0] : undefined);
    if (!match) continue;
    covered.add(r.key);
    coveredNew.add(match.key);
    changes.push({ kind: match.parent === r.parent ? "rename" : "move", from: r.key, to: match.key });
  }
  const count = (list: Node[], top: string) => list.filter((n) => n.key !== top && under(n.key, top)).length;
  for (const r of removed) {
    // a node under a removed parent is counted in that parent's line
    if (isCovered(r.key, covered) || removed.some((p) => p.key === r.parent)) continue;
    covered.add(r.key);
    changes.push({ kind: "remove", path: r.key, descendants: count(removed, r.key) });
  }
  for (const a of added) {
    if (isCovered(a.key, coveredNew) || added.some((p) => p.key === a.parent)) continue;
    coveredNew.add(a.key);
    changes.push({ kind: "add", path: a.key, descendants: count(added, a.key) });
  }
  for (const [key, n] of news) {
    const o = olds.get(key);
    if (o && o.description !== n.description) changes.push({ kind: "describe", path: key, from: o.description, to: n.description });
  }
  changes.push(...reorders(before, after));
  return changes;
}

/** Siblings present before and after whose relative order changed (the portal shows tree order). */
function reorders(before: readonly TreeNode[], after: readonly TreeNode[]): TreeChange[] {
  const orderOf = (tree: readonly TreeNode[]) => {
    const m = new Map<string, string[]>();
    const walk = (nodes: readonly TreeNode[], titles: string[]) => {
      m.set(outlineKey(titles), nodes.map((n) => n.title));
      nodes.forEach((n) => walk(n.categories ?? [], [...titles, n.title]));
    };
    walk(tree, []);
    return m;
  };
  const a = orderOf(before);
  const out: TreeChange[] = [];
  for (const [parent, titles] of orderOf(after)) {
    const old = a.get(parent);
    if (!old) continue;
    const from = old.filter((t) => titles.includes(t));
    const to = titles.filter((t) => old.includes(t));
    if (from.join("\u0000") !== to.join("\u0000")) out.push({ kind: "reorder", parent, from, to });
  }
  return out;
}

const plus = (n: number) => (n === 0 ? "" : ` (with ${n} subcategor${n === 1 ? "y" : "ies"})`);
const root = (p: string) => (p === "" ? "(top level)" : p);

/** One line per change, e.g. `~ rename Categories/Water/Rivers → Categories/Water/Streams`. */
export function describeChange(c: TreeChange): string {
  switch (c.kind) {
    case "add":
      return `+ add ${c.path}${plus(c.descendants)}`;
    case "remove":
      return `- remove ${c.path}${plus(c.descendants)}`;
    case "rename":
      return `~ rename ${c.from} → ${c.to}`;
    case "move":
      return `~ move ${c.from} → ${c.to}`;
    case "describe":
      return `~ describe ${c.path}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`;
    case "reorder":
      return `~ reorder ${root(c.parent)}: ${c.to.join(", ")} (was ${c.from.join(", ")})`;
  }
}

/** The summary lines of a change, in diffTrees order. */
export function summarizeTreeChange(before: readonly TreeNode[], after: readonly TreeNode[]): string[] {
  return diffTrees(before, after).map(describeChange);
}

/** The same change told from the portal's side, for pulumi refresh: `portal removed Regions/South`. */
export function describePortalChange(c: TreeChange): string {
  switch (c.kind) {
    case "add":
      return `portal added ${c.path}${plus(c.descendants)}`;
    case "remove":
      return `portal removed ${c.path}${plus(c.descendants)}`;
    case "rename":
      return `portal renamed ${c.from} → ${c.to}`;
    case "move":
      return `portal moved ${c.from} → ${c.to}`;
    case "describe":
      return `portal re-described ${c.path}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`;
    case "reorder":
      return `portal reordered ${root(c.parent)}: ${c.to.join(", ")} (was ${c.from.join(", ")})`;
  }
}
