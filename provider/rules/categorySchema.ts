// Category schema inputs: content (spec.md#category-schema, spec.md#assign-category-schema) and member (spec.md#member-category-schema, spec.md#assign-member-category-schema), with every limit of
// part 8 from limits.ts: trees, levels, total categories, title and description lengths, not empty.
import { z } from "zod";
import { CONTENT_CATEGORIES, MEMBER_CATEGORIES } from "../../spec/limits";
import { nonEmpty, text } from "./fields";
import { ALWAYS, onlyKeys } from "./keys";
import { isUnknown } from "./unknown";

export interface CategoryNodeInput {
  title: string;
  description?: string;
  categories?: CategoryNodeInput[];
}

export interface MemberCategoryNodeInput {
  title: string;
  categories?: MemberCategoryNodeInput[];
}

// issue 29 scope 4: a misspelled key (`categoires`) in a tree written in the program fails at its
// own path with the closest known key, as it does in a tree file (categorySchema/file.ts), instead
// of being dropped (which would plan the removal of the node's children)
const CONTENT_NODE_KEYS = ["title", "description", "categories"] as const;
const MEMBER_NODE_KEYS = ["title", "categories"] as const;

/** spec.md#category-schema: a content category node. */
export const contentCategoryNode: z.ZodType<CategoryNodeInput> = z.lazy(() =>
  z
    .looseObject({
      title: text(CONTENT_CATEGORIES.maxTitleLength, 1),
      description: text(CONTENT_CATEGORIES.maxDescriptionLength).optional(),
      categories: z.array(contentCategoryNode).optional(),
    })
    .superRefine(onlyKeys(CONTENT_NODE_KEYS), ALWAYS),
) as unknown as z.ZodType<CategoryNodeInput>;

/** spec.md#member-category-schema: a member category node (docs/dev/spec.md gives no title length limit). */
export const memberCategoryNode: z.ZodType<MemberCategoryNodeInput> = z.lazy(() =>
  z
    .looseObject({
      title: nonEmpty(),
      categories: z.array(memberCategoryNode).optional(),
    })
    .superRefine(onlyKeys(MEMBER_NODE_KEYS), ALWAYS),
) as unknown as z.ZodType<MemberCategoryNodeInput>;

interface TreeLimits {
  maxTrees?: number;
  maxLevels: number;
  maxCategories: number;
}

/** Tree-wide limits: not empty (ORG_1132), trees, levels, total count, sibling titles unique. */
function treeRules(key: string, limits: TreeLimits) {
  return (nodes: Array<{ title: string; categories?: unknown[] }>, ctx: z.RefinementCtx) => {
    if (nodes.length === 0) {
      ctx.addIssue({ code: "custom", path: [key], message: "empty; at least one category (the portal refuses an empty schema with ORG_1132; delete the resource to remove the schema)" });
      return;
    }
    if (limits.maxTrees !== undefined && nodes.length > limits.maxTrees) {
      ctx.addIssue({ code: "custom", path: [key], message: `${nodes.length} trees; at most ${limits.maxTrees}` });
    }
    let total = 0;
    let deepest: (string | number)[] | undefined;
    const walk = (list: unknown[], level: number, path: (string | number)[]) => {
      const titles = new Map<string, number>();
      list.forEach((node, i) => {
        if (isUnknown(node) || node === null || typeof node !== "object") return;
        total++;
        const n = node as { title?: unknown; categories?: unknown };
        if (level > limits.maxLevels && deepest === undefined) deepest = [...path, i];
        if (typeof n.title === "string" && !isUnknown(n.title)) {
          const first = titles.get(n.title.toLowerCase());
          if (first !== undefined) ctx.addIssue({ code: "custom", path: [...path, i, "title"], message: `duplicate title ${JSON.stringify(n.title)} (also at index ${first}); sibling titles must differ (unconfirmed)` });
          else titles.set(n.title.toLowerCase(), i);
        }
        if (Array.isArray(n.categories)) walk(n.categories, level + 1, [...path, i, "categories"]);
      });
    };
    walk(nodes, 1, [key]);
    if (deepest !== undefined) ctx.addIssue({ code: "custom", path: deepest, message: `level ${deepest.filter((p) => typeof p === "number").length}; at most ${limits.maxLevels} levels` });
    if (total > limits.maxCategories) ctx.addIssue({ code: "custom", path: [key], message: `${total} categories in total; at most ${limits.maxCategories}` });
  };
}

/** spec.md#assign-category-schema input: `{categorySchema:[…]}`. */
export const contentCategorySchemaInput = z.object({ categorySchema: z.array(contentCategoryNode) }).superRefine((v, ctx) => treeRules("categorySchema", CONTENT_CATEGORIES)(v.categorySchema, ctx));

/** spec.md#assign-member-category-schema input: `{memberCategorySchema:[…]}`. */
export const memberCategorySchemaInput = z.object({ memberCategorySchema: z.array(memberCategoryNode) }).superRefine((v, ctx) => treeRules("memberCategorySchema", MEMBER_CATEGORIES)(v.memberCategorySchema, ctx));

export type ContentCategorySchemaInput = z.input<typeof contentCategorySchemaInput>;
export type MemberCategorySchemaInput = z.input<typeof memberCategorySchemaInput>;
