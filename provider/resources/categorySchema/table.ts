// The property tables of CategorySchema and MemberCategorySchema: the tree argument (also an
// output), the adopt switch, and the outputs check and read fill in. The public Args and outputs,
// the props and the docs tables derive from them (machinery/propertyTable.ts, `npm run gen`); the
// tree's rules are the provider core's rules (provider/rules/categorySchema.ts).
// Sources: spec.md#category-schema, spec.md#assign-category-schema, spec.md#limits,
// spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema.
import { contentCategoryNode, memberCategoryNode } from "../../rules/categorySchema";
import type { z } from "zod";
import type { Property } from "../machinery/propertyTable";

type Argument = Property & { role: "argument" };
type Output = Property & { role: "output" };

/** One tree's own facts: its node rule and node type's name, its docs, and its nodes' fields before `categories`. */
interface TreeFacts {
  rule: z.ZodType;
  /** The public node type ("CategoryNode"); its arguments' type is `<node>Args`. */
  node: string;
  doc: string;
  outputDoc: string;
  fields: Record<string, { type: string; doc: string }>;
  outlineDoc: string;
}

type TreeTable<K extends string> = { [P in K]: Argument & { output: true } } & {
  adopt: Argument & { transient: true };
  outline: Output;
  portalId: Output;
  schemaVersion: Output;
};

/** The rows both schemas share, around the tree property of each. */
function treeTable<K extends string>(property: K, t: TreeFacts): TreeTable<K> {
  const nodes = `Input<Input<${t.node}Args>[]>`;
  const nested = { ...t.fields, categories: { type: nodes, doc: "Optional child nodes." } };
  const argument: Argument & { output: true } = {
    role: "argument",
    output: true,
    required: true,
    drift: "custom",
    rule: t.rule,
    type: nodes,
    outputType: `Output<${t.node}[]>`,
    doc: t.doc,
    outputDoc: t.outputDoc,
    nested,
  };
  const output = (outputType: string, doc: string): Output => ({ role: "output", outputType, doc });
  return {
    [property]: argument,
    adopt: {
      role: "argument",
      transient: true,
      type: "Input<boolean>",
      doc: "The organization already has a schema: the first preview plans against the tree the portal holds, " +
        "and the first up assigns nothing when nothing differs (docs/adopting.md).",
    },
    outline: output("Output<Record<string, string>>", t.outlineDoc),
    portalId: output("Output<string>", "The organization id; also the resource id."),
    schemaVersion: output("Output<number>", "The state layout version (1)."),
  } as TreeTable<K>;
}

export const CATEGORY_SCHEMA = treeTable("categorySchema", {
  rule: contentCategoryNode,
  node: "CategoryNode",
  doc: "1 to 5 trees; at most 4 levels; at most 200 categories in all. An empty list is refused: destroy the " +
    "resource to remove the schema. A tree edited in the portal is drift on refresh.",
  outputDoc: "The tree the portal stored, normalized: `description` is `\"\"` and `categories` is `[]` when absent.",
  fields: {
    title: {
      type: "Input<string>",
      doc: "Not empty, at most 100 characters. Sibling titles must differ, ignoring case (a rule of this " +
        "provider: the REST API's reference states none).",
    },
    description: { type: "Input<string>", doc: "Optional; at most 300 characters." },
  },
  outlineDoc: "Every node by path → description, e.g. `{\"Categories/Water/Rivers\": \"Flowing water\"}`. " +
    "Previews diff this map.",
});

export const MEMBER_CATEGORY_SCHEMA = treeTable("memberCategorySchema", {
  rule: memberCategoryNode,
  node: "MemberCategoryNode",
  doc: "At least one node; at most 3 levels; at most 200 categories and subcategories in all. A tree edited in " +
    "the portal is drift on refresh.",
  outputDoc: "The stored tree; `categories` is `[]` when absent.",
  fields: {
    title: {
      type: "Input<string>",
      doc: "Not empty; sibling titles must differ, ignoring case (a rule of this provider: the REST API's " +
        "reference states none). No length limit is documented.",
    },
  },
  outlineDoc: "Every node by path → `\"\"`. Previews diff this map.",
});
