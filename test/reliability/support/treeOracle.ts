// An independent reading of the category-tree limits (spec.md#category-schema, spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#assign-category-schema, spec.md#limits), written
// from the seed and not from provider/rules, for the differential fuzz test of `check`: where it
// and the provider disagree on "valid", one of them misreads the seed.
import { CONTENT_CATEGORIES, MEMBER_CATEGORIES } from "../../../spec/limits";
import { UNKNOWN } from "../../../provider/rules/unknown";

export type Kind = "content" | "member";

/** The first rule broken by `tree`, or undefined when it is a valid schema. Unknown values pass. */
export function treeViolation(tree: unknown, kind: Kind): string | undefined {
  if (tree === UNKNOWN) return undefined;
  const maxLevels = kind === "content" ? CONTENT_CATEGORIES.maxLevels : MEMBER_CATEGORIES.maxLevels;
  if (!Array.isArray(tree)) return "not a list";
  if (tree.length === 0) return "empty (ORG_1132)";
  if (kind === "content" && tree.length > CONTENT_CATEGORIES.maxTrees) return "too many trees";
  let total = 0;
  const walk = (nodes: unknown, level: number): string | undefined => {
    if (nodes === UNKNOWN) return undefined;
    if (!Array.isArray(nodes)) return "categories not a list";
    if (nodes.length > 0 && level > maxLevels) return "too deep";
    const titles = new Set<string>();
    for (const n of nodes) {
      total++;
      if (n === UNKNOWN) continue;
      if (n === null || typeof n !== "object" || Array.isArray(n)) return "node not an object";
      // issue 29 scope 4: a key a node does not have is refused (a typo would drop a subtree); member nodes have no description
      const known = kind === "content" ? ["title", "description", "categories"] : ["title", "categories"];
      if (Object.keys(n).some((k) => !known.includes(k))) return "unknown key";
      const { title, description, categories } = n as Record<string, unknown>;
      if (title !== UNKNOWN) {
        if (typeof title !== "string") return "title not a string";
        if (title.trim() === "") return "blank title";
        if (kind === "content" && title.length > CONTENT_CATEGORIES.maxTitleLength) return "title too long";
        const key = title.toLowerCase();
        if (titles.has(key)) return "sibling titles repeat";
        titles.add(key);
      }
      if (kind === "content" && description !== undefined && description !== UNKNOWN) {
        if (typeof description !== "string") return "description not a string";
        if (description.length > CONTENT_CATEGORIES.maxDescriptionLength) return "description too long";
      }
      if (categories !== undefined) {
        const bad = walk(categories, level + 1);
        if (bad) return bad;
      }
    }
    return undefined;
  };
  const bad = walk(tree, 1);
  if (bad) return bad;
  const max = kind === "content" ? CONTENT_CATEGORIES.maxCategories : MEMBER_CATEGORIES.maxCategories;
  return total > max ? "too many categories" : undefined;
}
