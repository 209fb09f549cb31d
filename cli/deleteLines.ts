// The lines render-plan shows for a delete step. The engine asks no provider about a delete during
// preview, so these come from the state the step removes (as of the last up or refresh): what is
// deleted, and what a reviewer should know before approving it. A group's or a folder's own count
// is as of its last up or refresh (a group is created before the items shared with it, so that count
// is 0 until a refresh): the PortalItems of the same preview whose state holds the group or the
// folder are counted too, and the larger count is shown with those items named.
type Props = Record<string, unknown>;

/** A PortalItem of the same preview as its state holds it before the plan: its name, groups and folder. */
export interface ItemFacts {
  name: string;
  groups: string[];
  folder?: string;
}

const quoted = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

/** "4 items" and, when some are in the preview, "(map-a, map-c)": sorted by name, since the engine's step
 * order varies between runs and a comment that is updated in place should not churn. */
function counted(own: unknown, held: ItemFacts[]): { n: number; names: string } {
  const n = Math.max(typeof own === "number" ? own : 0, held.length);
  const sorted = held.map((i) => i.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { n, names: held.length > 0 ? ` (${sorted.join(", ")}${held.length < n ? ", …" : ""})` : "" };
}

function portalItemLines(o: Props): string[] {
  const lines = [`- delete ${o.type ?? "item"} ${quoted(o.title)} (item ${o.itemId ?? "?"})`];
  if (typeof o.contentStatus === "string" && o.contentStatus !== "") lines.push(`! it is ${o.contentStatus}`);
  if (o.protected === true) lines.push("! it is protected: the portal refuses the delete until it is unprotected");
  const related = Array.isArray(o.relatedItemIds) ? o.relatedItemIds : [];
  if (related.length > 0) lines.push(`! related items: ${related.join(", ")}`);
  return lines;
}

function treeLines(o: Props): string[] {
  const outline = o.outline && typeof o.outline === "object" ? Object.keys(o.outline as object) : [];
  return [`- delete the whole tree (${outline.length} node${outline.length === 1 ? "" : "s"}) of portal ${o.portalId ?? "?"}`, ...outline.filter((k) => !k.includes("/")).map((k) => `- remove ${k} and everything under it`)];
}

function groupLines(o: Props, items: ItemFacts[]): string[] {
  const lines = [`- delete group ${quoted(o.title)} (${o.groupId ?? "?"})`];
  const id = o.groupId;
  const { n, names } = counted(o.sharedItemCount, typeof id === "string" ? items.filter((i) => i.groups.includes(id)) : []);
  if (n > 0) lines.push(`! ${n} item${n === 1 ? " is" : "s are"} shared with it${names}: the portal unshares ${n === 1 ? "it" : "them"} from the group`);
  if (o.protected === true) lines.push("! it is protected: the portal refuses the delete until it is unprotected");
  return lines;
}

function folderLines(o: Props, items: ItemFacts[]): string[] {
  const lines = [`- delete folder ${quoted(o.title)} of ${o.owner ?? "?"} (${o.folderId ?? "?"})`];
  const id = o.folderId;
  const { n, names } = counted(o.itemCount, typeof id === "string" ? items.filter((i) => i.folder === id) : []);
  if (n > 0) lines.push(`! it held ${n} item${n === 1 ? "" : "s"}${names}: any still in it move to ${o.owner ?? "the owner"}'s root folder first (none is deleted)`);
  return lines;
}

function membershipLines(o: Props): string[] {
  const names = [...(Array.isArray(o.users) ? o.users : []), ...(Array.isArray(o.admins) ? o.admins.map((n) => `${n} (admin)`) : [])];
  return [`- remove ${names.length} member${names.length === 1 ? "" : "s"} from group ${o.groupId ?? "?"}${names.length > 0 ? `: ${names.join(", ")}` : ""} (the owner stays)`];
}

const BY_TYPE: Record<string, (o: Props, items: ItemFacts[]) => string[]> = {
  "portal:Group": groupLines,
  "portal:Folder": folderLines,
  "portal:GroupMembership": membershipLines,
  "portal:PortalItem": portalItemLines,
  "portal:CategorySchema": treeLines,
  "portal:MemberCategorySchema": treeLines,
  "portal:ItemStatus": (o) => [`- clear status ${o.status ?? "?"} on item ${o.itemId ?? "?"}`],
  "portal:LayerAppend": () => ["- forget the append (the rows it loaded stay in the layer)"],
};

/** The lines of a delete of a resource of `type` (without the dynamic prefix) with these outputs; `items`: the preview's PortalItems. */
export function deleteLines(type: string, outputs: Props | undefined, items: ItemFacts[] = []): string[] {
  const lines = Object.prototype.hasOwnProperty.call(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  return lines !== undefined && outputs !== undefined ? lines(outputs, items) : ["- delete"];
}
