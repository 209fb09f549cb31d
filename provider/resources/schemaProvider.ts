// The ResourceProvider shared by the two organization category schemas (seed 4.2–4.4): a singleton
// per org whose id is the portal id (never replaced); create and update assign the whole tree and
// read back what the portal stored; delete removes it; read treats an empty schema as gone.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { PortalClient } from "../rest/client";
import { isNotFound } from "../rest/errors";
import { checkInputs } from "../schemas/failures";
import { isUnknown, UNKNOWN } from "../schemas/unknown";
import { assertSamePortal, configurePortal, portalClient } from "./client";
import { assertReadableState, SCHEMA_VERSION } from "./state";
import { containsUnknown, normalizeTree, outline, sameTree, type TreeKind, type TreeNode } from "./tree";
import { summarizeTreeChange } from "./treeDiff";
import { pinpointTreeFailure, type TreeLimits } from "./treeFailures";

/** What differs between the content and the member schema. */
export interface SchemaKind {
  /** The resource type, for messages: "CategorySchema". */
  label: string;
  tree: TreeKind;
  /** The input and state property holding the tree: "categorySchema". */
  property: string;
  /** The provider core's input schema with every limit of seed part 8. */
  input: z.ZodType;
  limits: TreeLimits;
  assign(client: PortalClient, tree: TreeNode[]): Promise<unknown>;
  get(client: PortalClient): Promise<unknown[]>;
  remove(client: PortalClient): Promise<unknown>;
}

type Props = Record<string, any>;

/** Builds the ResourceProvider of one schema kind. */
export function schemaProvider(k: SchemaKind): pulumi.dynamic.ResourceProvider {
  const state = (portalId: string, tree: TreeNode[]) => ({ schemaVersion: SCHEMA_VERSION, portalId, [k.property]: tree, outline: outline(tree) });
  const assignAndRead = async (tree: TreeNode[]) => {
    const client = portalClient();
    await k.assign(client, tree);
    return normalizeTree(await k.get(client), k.tree);
  };

  return {
    configure: configurePortal,

    // design rule 5: every limit with its property path, unknowns pass, no request is sent
    async check(_olds: Props, news: Props) {
      const value = news[k.property];
      const checked = checkInputs(k.input, { [k.property]: value });
      if (!checked.ok) return { inputs: news, failures: checked.failures.map((f) => pinpointTreeFailure(f, k.property, value, k.limits)) };
      if (containsUnknown(value, isUnknown)) return { inputs: { [k.property]: value, outline: UNKNOWN } };
      const tree = normalizeTree(value, k.tree);
      return { inputs: { [k.property]: tree, outline: outline(tree) } };
    },

    async diff(id: string, olds: Props, news: Props) {
      assertReadableState(olds, k.label);
      if (containsUnknown(news[k.property], isUnknown)) return { changes: true, replaces: [] };
      const before = normalizeTree(olds[k.property], k.tree);
      const after = normalizeTree(news[k.property], k.tree);
      if (sameTree(before, after)) return { changes: false, replaces: [] };
      // the host drops detailedDiff; the provider's stdout lines reach the CLI's output (its stderr)
      for (const line of summarizeTreeChange(before, after)) console.log(`${k.label} ${id}: ${line}`);
      return { changes: true, replaces: [] };
    },

    async create(inputs: Props) {
      const stored = await assignAndRead(normalizeTree(inputs[k.property], k.tree));
      const portalId = await portalClient().portalId();
      return { id: portalId, outs: state(portalId, stored) };
    },

    // design rule 6: an empty schema is gone; inputs follow the portal so drift shows in the next preview
    async read(id: string, props: Props) {
      assertReadableState(props, k.label);
      await assertSamePortal(id, `${k.label} ${id}`);
      const tree = normalizeTree(await k.get(portalClient()), k.tree);
      if (tree.length === 0) return {};
      return { id, props: state(id, tree), inputs: { [k.property]: tree, outline: outline(tree) } };
    },

    async update(id: string, _olds: Props, news: Props) {
      await assertSamePortal(id, `${k.label} ${id}`);
      return { outs: state(id, await assignAndRead(normalizeTree(news[k.property], k.tree))) };
    },

    async delete(id: string) {
      await assertSamePortal(id, `${k.label} ${id}`);
      try {
        await k.remove(portalClient());
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    },
  };
}
