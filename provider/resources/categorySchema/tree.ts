// Category trees (spec.md#category-schema, spec.md#member-category-schema) in the two shapes the state keeps: the nested array the portal
// stores, normalized so that what we send and what the portal returns compare equal, and a flat
// outline `{"Categories/Water/Rivers": "<description>"}` whose keys make the engine's preview diff
// read as a tree diff (one line per node added or removed).

/** A content (spec.md#category-schema) or member (spec.md#member-category-schema) category node; member nodes have no description. */
export interface TreeNode {
  title: string;
  description?: string;
  categories: TreeNode[];
}

/** "content": nodes carry a description (spec.md#category-schema); "member": they do not (spec.md#member-category-schema). */
export type TreeKind = "content" | "member";

/** One node of the outline: its titles from the root, its key and its description. */
export interface OutlineEntry {
  titles: string[];
  key: string;
  description: string;
}

interface RawNode {
  title?: unknown;
  description?: unknown;
  categories?: unknown;
}

/**
 * The tree as the portal keeps it: content nodes always have `description` ("" when none) and
 * `categories` ([] when none); member nodes have `categories` only. Unknown keys are dropped.
 */
export function normalizeTree(nodes: unknown, kind: TreeKind): TreeNode[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.map((raw: RawNode) => {
    const n = raw && typeof raw === "object" ? raw : {};
    const node: TreeNode = { title: typeof n.title === "string" ? n.title : String(n.title ?? "") } as TreeNode;
    if (kind === "content") node.description = typeof n.description === "string" ? n.description : "";
    node.categories = normalizeTree(n.categories, kind);
    return node;
  });
}

/** `/` inside a title is written `\/` so the outline key splits back into the right titles. */
export function escapeTitle(title: string): string {
  return title.replace(/\\/g, "\\\\").replace(/\//g, "\\/");
}

/** The outline key of a node: its escaped titles joined with "/". */
export function outlineKey(titles: readonly string[]): string {
  return titles.map(escapeTitle).join("/");
}

/** Every node, parents before children, siblings in tree order. */
export function outlineEntries(tree: readonly TreeNode[]): OutlineEntry[] {
  const out: OutlineEntry[] = [];
  const walk = (nodes: readonly TreeNode[], parent: string[]) => {
    for (const n of nodes) {
      const titles = [...parent, n.title];
      out.push({ titles, key: outlineKey(titles), description: n.description ?? "" });
      walk(n.categories ?? [], titles);
    }
  };
  walk(tree, []);
  return out;
}

/** The flat map kept in state beside the tree: outline key → description ("" for member nodes). */
export function outline(tree: readonly TreeNode[]): Record<string, string> {
  return Object.fromEntries(outlineEntries(tree).map((e) => [e.key, e.description]));
}

/** True when the value holds the engine's unknown sentinel anywhere (preview of computed inputs). */
export function containsUnknown(value: unknown, isUnknown: (v: unknown) => boolean): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some((v) => containsUnknown(v, isUnknown));
  if (value && typeof value === "object") return Object.values(value).some((v) => containsUnknown(v, isUnknown));
  return false;
}

/** Deep equality of two normalized trees, order included (sibling order is shown in the portal). */
export function sameTree(a: readonly TreeNode[], b: readonly TreeNode[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
