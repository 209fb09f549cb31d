// The lines render-plan shows for a delete step. The engine asks no provider about a delete during
// preview, so these come from the state the step removes (as of the last up or refresh): what is
// deleted, and what a reviewer should know before approving it. Each resource's lines are in its
// definition (provider/resources/<kind>/definition.ts), by type token: a group's or a folder's own
// count is as of its last up or refresh (a group is created before the items shared with it, so that
// count is 0 until a refresh): the PortalItems of the same preview whose state holds the group or the
// folder are counted too, and the larger count is shown with those items named.
import type { DeleteLinesOf, ItemFacts } from "../provider";

export type { ItemFacts };

type Props = Record<string, unknown>;

let byType: Map<string, DeleteLinesOf> | undefined;

/** The delete lines of every resource by type token (`portal:Group`), read from the definitions when first needed. */
function linesByType(): Map<string, DeleteLinesOf> {
  // loaded on the first delete step only: a plan without one does not load the providers
  const { RESOURCE_DEFINITIONS } = require("../provider") as typeof import("../provider");
  byType ??= new Map(RESOURCE_DEFINITIONS.map((d) => [d.typeToken, d.deleteLines]));
  return byType;
}

/** The lines of a delete of a resource of `type` (without the dynamic prefix) with these outputs; `items`: the preview's PortalItems. */
export function deleteLines(type: string, outputs: Props | undefined, items: ItemFacts[] = []): string[] {
  const lines = linesByType().get(type);
  return lines !== undefined && outputs !== undefined ? lines(outputs, items) : ["- delete"];
}
