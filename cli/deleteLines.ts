// The lines render-plan shows for a delete step. The engine asks no provider about a delete during
// preview, so these come from the state the step removes (as of the last up or refresh): what is
// deleted, and what a reviewer should know before approving it.
type Props = Record<string, unknown>;

const quoted = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

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

const BY_TYPE: Record<string, (o: Props) => string[]> = {
  "portal:PortalItem": portalItemLines,
  "portal:CategorySchema": treeLines,
  "portal:MemberCategorySchema": treeLines,
  "portal:ItemStatus": (o) => [`- clear status ${o.status ?? "?"} on item ${o.itemId ?? "?"}`],
  "portal:LayerAppend": () => ["- forget the append (the rows it loaded stay in the layer)"],
};

/** The lines of a delete of a resource of `type` (without the dynamic prefix) with these outputs. */
export function deleteLines(type: string, outputs: Props | undefined): string[] {
  const lines = Object.prototype.hasOwnProperty.call(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  return lines !== undefined && outputs !== undefined ? lines(outputs) : ["- delete"];
}
