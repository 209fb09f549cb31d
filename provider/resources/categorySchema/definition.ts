// The CategorySchema and MemberCategorySchema resources: the organization's two category trees
// (docs/resources/category-schema.md, docs/resources/member-category-schema.md).
import { defineResource, type PublicType, type StateProps } from "../machinery/definition";
import { categorySchema as contentProvider, memberCategorySchema as memberProvider } from "./provider";
import { CATEGORY_SCHEMA, MEMBER_CATEGORY_SCHEMA } from "./table";

function deleteLines(o: StateProps): string[] {
  const outline = o.outline && typeof o.outline === "object" ? Object.keys(o.outline as object) : [];
  const nodes = `${outline.length} node${outline.length === 1 ? "" : "s"}`;
  const tops = outline.filter((k) => !k.includes("/")).map((k) => `- remove ${k} and everything under it`);
  return [`- delete the whole tree (${nodes}) of portal ${o.portalId ?? "?"}`, ...tops];
}

const TITLE = { type: "Input<string>", doc: "Not empty; sibling titles must differ." };
const STORED_TITLE = { type: "string", doc: "The node's title." };

type NodeFields = Record<string, { args: string; stored: string; doc: string }>;

/** A tree's node types: as a program writes a node (`<node>Args`) and as the portal stores it. */
function nodeTypes(node: string, what: string, extra: NodeFields): PublicType[] {
  const args = Object.fromEntries(
    Object.entries(extra).map(([k, f]) => [k, { type: f.args, doc: f.doc, optional: true }]),
  );
  const stored = Object.fromEntries(Object.entries(extra).map(([k, f]) => [k, { type: f.stored, doc: f.doc }]));
  return [
    {
      name: `${node}Args`,
      doc: `A ${what} node as a program writes it; every level may be an Output.`,
      fields: {
        title: TITLE,
        ...args,
        categories: {
          type: `Input<Input<${node}Args>[]>`,
          doc: "Child nodes, up to the tree's level limit.",
          optional: true,
        },
      },
    },
    {
      name: node,
      doc: `A ${what} node as the portal stores it (\`categories\` is \`[]\` when absent).`,
      fields: { title: STORED_TITLE, ...stored, categories: { type: `${node}[]`, doc: "The child nodes." } },
    },
  ];
}

export const categorySchema = defineResource({
  kind: "categorySchema",
  name: "CategorySchema",
  table: CATEGORY_SCHEMA,
  provider: contentProvider,
  deleteLines,
  privilege: {
    privilege: "portal:admin:updateItemCategorySchema",
    doing: "assign the content category schema",
    adminOnly: true,
  },
  docsPage: "category-schema.md",
  types: nodeTypes("CategoryNode", "content category", {
    description: { args: "Input<string>", stored: "string", doc: "At most 300 characters." },
  }),
});

export const memberCategorySchema = defineResource({
  kind: "memberCategorySchema",
  name: "MemberCategorySchema",
  table: MEMBER_CATEGORY_SCHEMA,
  provider: memberProvider,
  deleteLines,
  privilege: { privilege: "portal:admin:updateUsers", doing: "assign the member category schema", adminOnly: true },
  docsPage: "member-category-schema.md",
  types: nodeTypes("MemberCategoryNode", "member category", {}),
});
