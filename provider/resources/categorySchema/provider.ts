// The ResourceProvider shared by the two organization category schemas (spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema): a singleton
// per org whose id is the portal id (never replaced); create and update assign the whole tree and
// read back what the portal stored; delete removes it; read treats an empty schema as gone.
//
// What a preview shows is check's result (a dynamic provider has no preview of its own), so check
// shapes it for a reviewer: the nested tree goes under the engine-internal key `__<property>`
// (never printed), the flat `outline` prints one line per node, `plannedChanges` holds the semantic
// lines (rename / move / add / remove / describe / reorder, with the items filed under a removed,
// renamed or moved content category), and the portal id is carried so that it stays known. With
// `adopt: true` (docs/adopting.md) a create's plan compares with the tree the portal holds.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { CATEGORY_TREE_OPS, type TreeOps } from "../../ops/categorySchema";
import { doneIfNotFound } from "../../rest/errors";
import { contentCategorySchemaInput, memberCategorySchemaInput } from "../../rules/categorySchema";
import { checkInputs } from "../../rules/failures";
import { isUnknown, UNKNOWN } from "../../rules/unknown";
import { freshReads, assertSamePortal, configurePortal, portalClient } from "../machinery/client";
import { markRead, takeRead, withoutPlan, withPlan } from "../machinery/plan";
import { assertReadableState, STATE_LAYOUT_VERSION } from "../machinery/state";
import { declareMemberTree } from "../machinery/declaredTrees";
import { containsUnknown, normalizeTree, outline, sameTree, type TreeKind, type TreeNode } from "./tree";
import { describeChange, diffTrees, describePortalChange } from "./diff";
import { pinpointTreeFailure, withTitlePath, type TreeLimits } from "./failures";
import { impactOf } from "./impact";
import { CONTENT_CATEGORIES, MEMBER_CATEGORIES } from "../../../spec/limits";

/** What differs between the content and the member schema. */
interface SchemaKind {
  /** The resource type, for messages: "CategorySchema". */
  label: string;
  /** The input and output property holding the tree: "categorySchema". */
  property: string;
  /** The provider core's input schema with every limit of spec.md#limits. */
  input: z.ZodType;
  limits: TreeLimits;
}

/** The two trees' facts, one row each (their operations: CATEGORY_TREE_OPS, by the same key). */
const TREES: Record<TreeKind, SchemaKind> = {
  // CategorySchema (spec.md#design-resources table): spec.md#category-schema, spec.md#assign-category-schema
  content: { label: "CategorySchema", property: "categorySchema", input: contentCategorySchemaInput, limits: CONTENT_CATEGORIES },
  // MemberCategorySchema: spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema; member nodes carry only title and categories
  member: { label: "MemberCategorySchema", property: "memberCategorySchema", input: memberCategorySchemaInput, limits: MEMBER_CATEGORIES },
};

/**
 * Inputs and state of a category schema resource: the tree under its property (or `__<property>`
 * in check's result), its outline, the portal id and the layout version; the tree's key is the
 * kind's, so the rest is by name.
 */
type Props = { schemaVersion?: number; portalId?: unknown; outline?: unknown; adopt?: unknown; [key: string]: unknown };

/**
 * The portal id an update's preview can show: carried in the inputs, or (state written before it
 * was carried) asked once of portals/self, a read. A create's preview leaves it unknown.
 */
async function knownPortalId(olds: Props | undefined): Promise<string | undefined> {
  if (typeof olds?.portalId === "string") return olds.portalId;
  if (!olds || Object.keys(olds).length === 0) return undefined;
  try {
    return await portalClient().portalId();
  } catch {
    return undefined;
  }
}

/** Builds the ResourceProvider of one tree. */
function categoryTreeProvider(tree: TreeKind): pulumi.dynamic.ResourceProvider {
  const k = { tree, ...TREES[tree], ...(CATEGORY_TREE_OPS[tree] as TreeOps<TreeNode>) };
  const hidden = `__${k.property}`;
  /** The tree of inputs or outputs, whichever key holds it (state before 0.2 kept it under the property). */
  const treeOf = (props: Props | undefined): unknown => props?.[hidden] ?? props?.[k.property];
  const state = (portalId: string, tree: TreeNode[]) => ({ schemaVersion: STATE_LAYOUT_VERSION, portalId, [k.property]: tree, outline: outline(tree) });
  const inputsOf = (tree: TreeNode[], portalId: unknown) => ({
    [hidden]: tree,
    outline: outline(tree),
    schemaVersion: STATE_LAYOUT_VERSION,
    ...(typeof portalId === "string" ? { portalId } : {}),
  });
  const assignAndRead = async (tree: TreeNode[]) => {
    const client = portalClient();
    await k.assign(client, tree);
    return normalizeTree(await k.get(client), k.tree);
  };
  /** The portal's tree and id for an adoption's plan; undefined when they cannot be read (said by create). */
  const portalTree = async (): Promise<{ tree: TreeNode[]; portalId: string } | undefined> => {
    try {
      const client = portalClient();
      return { tree: normalizeTree(await k.get(client), k.tree), portalId: await client.portalId() };
    } catch {
      return undefined;
    }
  };
  const adoptLine = (held: TreeNode[], changes: number) => {
    const nodes = Object.keys(outline(held)).length;
    const what = nodes === 0 ? "the organization has none yet" : `${nodes} node${nodes === 1 ? "" : "s"}`;
    return `= adopt the organization's ${k.label} (${what})${changes === 0 ? ": no change" : ""}`;
  };

  return {
    configure: configurePortal,

    // spec.md#design-check: every limit with its property path, unknowns pass, no write is sent
    async check(olds: Props, news: Props) {
      const value = news[k.property] ?? news[hidden];
      const checked = checkInputs(k.input, { [k.property]: value });
      if (!checked.ok) return { inputs: news, failures: checked.failures.map((f) => withTitlePath(pinpointTreeFailure(f, k.property, value, k.limits), k.property, value)) };
      if (containsUnknown(value, isUnknown)) return { inputs: { [hidden]: value, outline: UNKNOWN } };
      const tree = normalizeTree(value, k.tree);
      if (k.tree === "member") declareMemberTree(tree);
      // docs/adopting.md: a create with adopt: true plans against the tree the portal holds (reads only)
      const adopted = news.adopt === true && (!olds || Object.keys(olds).length === 0) ? await portalTree() : undefined;
      const before = adopted?.tree ?? normalizeTree(treeOf(olds), k.tree);
      const changes = diffTrees(before, tree);
      const impact = k.tree === "content" ? await impactOf(changes) : [];
      const lines = changes.map((c, i) => `${describeChange(c)}${impact[i] ?? ""}`);
      if (adopted) lines.unshift(adoptLine(adopted.tree, changes.length));
      return { inputs: withPlan(inputsOf(tree, adopted?.portalId ?? (await knownPortalId(olds))), lines) };
    },

    async diff(id: string, olds: Props, news: Props) {
      assertReadableState(olds, k.label);
      if (containsUnknown(treeOf(news), isUnknown)) return { changes: true, replaces: [] };
      const before = normalizeTree(treeOf(olds), k.tree);
      const after = normalizeTree(treeOf(news), k.tree);
      const refreshing = takeRead(k.label, id);
      if (sameTree(before, after)) return { changes: false, replaces: [] };
      // the summary also goes to the CLI's diagnostics (as in 0.1). pulumi refresh diffs what the
      // portal holds (olds) against the state's inputs (news): there, say what the portal's users did
      const lines = refreshing ? diffTrees(after, before).map(describePortalChange) : diffTrees(before, after).map(describeChange);
      for (const line of lines) console.log(`${k.label} ${id}: ${line}`);
      return { changes: true, replaces: [] };
    },

    // the portal's tree is compared first: an equal one (an adopted org) is not assigned again
    async create(inputs: Props) {
      const tree = normalizeTree(treeOf(inputs), k.tree);
      const held = normalizeTree(await k.get(portalClient()), k.tree);
      const stored = sameTree(held, tree) ? held : await assignAndRead(tree);
      const portalId = await portalClient().portalId();
      return { id: portalId, outs: state(portalId, stored) };
    },

    // spec.md#design-create-delete-read: an empty schema is gone; inputs follow the portal so drift shows in the next preview
    async read(id: string, props: Props) {
      freshReads(`${k.label} ${id}`); // a refresh asks the portal, shared within the refresh (machinery/client.ts)
      assertReadableState(props, k.label);
      await assertSamePortal(id, `${k.label} ${id}`);
      const tree = normalizeTree(await k.get(portalClient()), k.tree);
      if (tree.length === 0) return {};
      markRead(k.label, id);
      return { id, props: state(id, tree), inputs: withoutPlan(inputsOf(tree, id)) };
    },

    async update(id: string, _olds: Props, news: Props) {
      await assertSamePortal(id, `${k.label} ${id}`);
      return { outs: state(id, await assignAndRead(normalizeTree(treeOf(news), k.tree))) };
    },

    async delete(id: string) {
      await assertSamePortal(id, `${k.label} ${id}`);
      await doneIfNotFound(k.remove(portalClient()));
    },
  };
}

export const categorySchema = categoryTreeProvider("content");
export const memberCategorySchema = categoryTreeProvider("member");
