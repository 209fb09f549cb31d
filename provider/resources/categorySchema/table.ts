// The property tables of CategorySchema and MemberCategorySchema (spec.md#category-schema, spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema): the
// tree argument (also an output), the adopt switch, and the outputs check and read fill in. The
// classes' props and hidden diffs, and the docs tables, derive from them (machinery/propertyTable.ts); the
// tree's rules are the provider core's rules (provider/rules/categorySchema.ts).
import { contentCategoryNode, memberCategoryNode } from "../../rules/categorySchema";
import type { z } from "zod";
import type { Property } from "../machinery/propertyTable";

type Argument = Property & { role: "argument" };
/** An output row whose `outputType` text is kept as a literal type (the public class reads its type from it, resources/tableOutputs.ts). */
type Output<S extends string> = Property & { role: "output"; outputType: S };

/** One tree's own facts: its node rule and node type's name, its docs, and its nodes' fields before `categories`. */
interface TreeFacts<N extends string> {
  rule: z.ZodType;
  /** The public node type ("CategoryNode"); its arguments' type is `<node>Args`. */
  node: N;
  doc: string;
  outputDoc: string;
  fields: Record<string, { type: string; doc: string }>;
  outlineDoc: string;
}

/** The rows both schemas share, around the tree property of each. */
function treeTable<K extends string, N extends string>(property: K, t: TreeFacts<N>) {
  const nodes = `Input<Input<${t.node}Args>[]>`;
  const nested = { ...t.fields, categories: { type: nodes, doc: "Optional child nodes." } };
  const argument: Argument & { output: true; outputType: `Output<${N}[]>` } = { role: "argument", output: true, required: true, drift: "custom", rule: t.rule, type: nodes, outputType: `Output<${t.node}[]>` as const, doc: t.doc, outputDoc: t.outputDoc, nested };
  const output = <S extends string>(outputType: S, doc: string): Output<S> => ({ role: "output", outputType, doc });
  return {
    [property]: argument,
    adopt: { role: "argument", transient: true, type: "Input<boolean>", doc: "The organization already has a schema: the first preview plans against the tree the portal holds, and the first up assigns nothing when nothing differs (docs/adopting.md)." },
    outline: output("Output<Record<string, string>>", t.outlineDoc),
    portalId: output("Output<string>", "The organization id; also the resource id."),
    schemaVersion: output("Output<number>", "The state layout version (1)."),
  } as { [P in K]: typeof argument } & { adopt: Argument & { transient: true }; outline: Output<"Output<Record<string, string>>">; portalId: Output<"Output<string>">; schemaVersion: Output<"Output<number>"> };
}

export const CATEGORY_SCHEMA = treeTable("categorySchema", {
  rule: contentCategoryNode,
  node: "CategoryNode",
  doc: "1 to 5 trees; at most 4 levels; at most 200 categories in all (spec.md#assign-category-schema, spec.md#limits). An empty list is refused: destroy the resource to remove the schema. A tree edited in the portal is drift on refresh.",
  outputDoc: "The tree the portal stored, normalized: `description` is `\"\"` and `categories` is `[]` when absent.",
  fields: {
    title: { type: "Input<string>", doc: "Not empty, at most 100 characters. Sibling titles must differ, case-insensitively (unconfirmed rule of the provider core: no public source settles this: the REST \"Assign Category Schema\" page states no rule on repeated sibling titles)." },
    description: { type: "Input<string>", doc: "Optional; at most 300 characters." },
  },
  outlineDoc: "Every node by path → description, e.g. `{\"Categories/Water/Rivers\": \"Flowing water\"}`. Previews diff this map.",
});

export const MEMBER_CATEGORY_SCHEMA = treeTable("memberCategorySchema", {
  rule: memberCategoryNode,
  node: "MemberCategoryNode",
  doc: "At least one node; at most 3 levels; at most 200 categories and subcategories in all (spec.md#assign-member-category-schema). A tree edited in the portal is drift on refresh.",
  outputDoc: "The stored tree; `categories` is `[]` when absent.",
  fields: { title: { type: "Input<string>", doc: "Not empty; sibling titles differ (case-insensitive; unconfirmed: no public source settles this: the REST \"Assign Member Category Schema\" page states no rule on repeated sibling titles). docs/spec.md gives no length limit." } },
  outlineDoc: "Every node by path → `\"\"`. Previews diff this map.",
});
