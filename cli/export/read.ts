// Reading an organization for `export` (reads only): portals/self, the two category trees, the
// items (search, then each item in full), their data (text as JSON; a file streamed to disk under
// files/<resource>/<file name>) and the relationships each item is an end of.
import * as fs from "node:fs";
import * as path from "node:path";
import { itemIdentity, ops, RELATIONSHIP_TYPES, type PortalClient } from "../../provider";
import { uniqueNames } from "./names";
import { PARALLEL } from "./parallel";
import { readFolders, readGroups, readItemGroups, type ExportedFolder, type ExportedGroup } from "./readGroups";
import type { ExportedMember, ExportedRole } from "./programMembers";

type PortalItem = ops.PortalItem;

/** A content (spec.md#category-schema) or member (spec.md#member-category-schema) node as the export writes it: empty fields left out. */
export interface ExportNode {
  title: string;
  description?: string;
  categories?: ExportNode[];
}

export interface ExportedItem {
  /** The item as GET content/items/<id> returns it. */
  item: PortalItem;
  /** The resource name (unique, from the title). */
  name: string;
  /** The item's data when it is text: parsed JSON, or the text itself when it is not JSON. */
  text?: { json: boolean; value: unknown };
  /** The item's file, downloaded to `files/<name>/<fileName>` of the output. */
  file?: { fileName: string; bytes: number };
  /** The groups the item is shared with (its owner's view). */
  groups?: string[];
}

export interface Relationship {
  originItemId: string;
  destinationItemId: string;
  type: string;
}

export interface OrgSnapshot {
  portal: { id: string; name: string; urlKey: string; url: string };
  /** Undefined with --no-schemas; [] when the organization has none. */
  contentTree?: ExportNode[];
  memberTree?: ExportNode[];
  items: ExportedItem[];
  relationships: Relationship[];
  /** Undefined with --no-groups. */
  groups?: ExportedGroup[];
  folders?: ExportedFolder[];
  /** Undefined with --no-members. */
  members?: ExportedMember[];
  roles?: ExportedRole[];
  /** Items left out, with the reason (one line each on stderr). */
  skipped: Array<{ id: string; title: string; reason: string }>;
  /** The distinct stack markers on the items read: the Pulumi stacks that manage part of the organization. */
  managingStacks?: string[];
}

export interface ReadOptions {
  /** The staging directory: downloads go under its files/. */
  dir: string;
  /** Owners whose items are read; empty: every item of the organization the token can read. */
  owners: string[];
  /** A search query ANDed with the owner and organization filters. */
  query?: string;
  items: boolean;
  schemas: boolean;
  /** Groups, memberships and folders (default true). */
  groups?: boolean;
  /** Members and custom roles (default true). */
  members?: boolean;
  progress(line: string): void;
}

function exportNodes(nodes: unknown, kind: "content" | "member"): ExportNode[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.map((n: any) => {
    const node: ExportNode = { title: String(n?.title ?? "") };
    if (kind === "content" && typeof n?.description === "string" && n.description !== "") node.description = n.description;
    const children = exportNodes(n?.categories, kind);
    if (children.length > 0) node.categories = children;
    return node;
  });
}

/** The ids of the items to export: one search per owner (or one for the whole organization). */
async function itemIds(client: PortalClient, orgId: string, o: ReadOptions): Promise<string[]> {
  const scopes = o.owners.length > 0 ? o.owners.map((u) => `owner:${u}`) : [""];
  const ids = new Set<string>();
  for (const scope of scopes) {
    const q = [o.query, scope, `orgid:${orgId}`].filter((s) => s !== undefined && s.trim() !== "").join(" AND ");
    for (const hit of await ops.searchAllItems(client, q)) ids.add(hit.id);
  }
  return [...ids].sort();
}

/** A name the file system takes whatever the portal calls the file. */
function safeFileName(name: unknown): string {
  const base = path.basename(String(name ?? "")).replace(/[\u0000-\u001f<>:"|?*\\/]/g, "_").trim();
  return base === "" || base === "." || base === ".." ? "data" : base;
}

async function readData(client: PortalClient, dir: string, e: ExportedItem): Promise<void> {
  if (typeof e.item.name === "string" && e.item.name !== "") {
    const fileName = safeFileName(e.item.name);
    const folder = path.join(dir, "files", e.name);
    await fs.promises.mkdir(folder, { recursive: true });
    const saved = await ops.downloadItemData(client, e.item.id, path.join(folder, fileName));
    e.file = { fileName, bytes: saved.bytes };
    return;
  }
  const data = (await ops.getItemData(client, e.item.id)).toString("utf8");
  if (data.trim() === "") return;
  try {
    e.text = { json: true, value: JSON.parse(data) };
  } catch {
    e.text = { json: false, value: data };
  }
}

/** Every relationship the item is an end of: one request per direction, then one per type found. */
async function relationshipsOf(client: PortalClient, itemId: string): Promise<Relationship[]> {
  const out: Relationship[] = [];
  for (const direction of ["forward", "reverse"] as const) {
    const any = await ops.getRelatedItems(client, { itemId, relationshipType: RELATIONSHIP_TYPES.join(","), direction });
    if (any.relatedItems.length === 0) continue;
    // the answer does not say which type relates each item: ask type by type
    for (const type of RELATIONSHIP_TYPES) {
      const r = await ops.getRelatedItems(client, { itemId, relationshipType: type, direction });
      for (const other of r.relatedItems) {
        out.push(direction === "forward" ? { originItemId: itemId, destinationItemId: other.id, type } : { originItemId: other.id, destinationItemId: itemId, type });
      }
    }
  }
  return out;
}

/** Why an item is left out of the program, if it is. */
function skipReason(item: PortalItem): string | undefined {
  const marker = (Array.isArray(item.typeKeywords) ? item.typeKeywords : []).find((k) => typeof k === "string" && k.startsWith(itemIdentity.MARKER_PREFIX));
  if (marker) return `a Pulumi stack already manages it (type keyword ${marker})`;
  return undefined;
}

export async function readOrganization(client: PortalClient, o: ReadOptions): Promise<OrgSnapshot> {
  const self = await ops.getPortalSelf(client);
  const snapshot: OrgSnapshot = {
    portal: { id: self.id, name: String(self.name ?? self.id), urlKey: String(self.urlKey ?? ""), url: client.portalUrl },
    items: [],
    relationships: [],
    skipped: [],
    managingStacks: [],
  };
  o.progress(`reading organization ${JSON.stringify(snapshot.portal.name)} (${self.id}) at ${client.portalUrl}`);
  if (o.schemas) {
    snapshot.contentTree = exportNodes((await ops.getCategorySchema(client)).categorySchema, "content");
    snapshot.memberTree = exportNodes((await ops.getMemberCategorySchema(client)).memberCategorySchema, "member");
    o.progress(`category schemas read (${snapshot.contentTree.length} content and ${snapshot.memberTree.length} member trees)`);
  }
  if (o.groups !== false) {
    snapshot.groups = await readGroups(client, self.id, o.owners);
    o.progress(`${snapshot.groups.length} group(s) read with their members`);
  }
  if (o.members !== false) {
    snapshot.members = await ops.listMembers(client);
    snapshot.roles = await ops.mapLimit(await ops.listRoles(client), PARALLEL, (r) => ops.getRole(client, r.id));
    o.progress(`${snapshot.members.length} member(s) and ${snapshot.roles.length} custom role(s) read`);
  }
  if (!o.items) return snapshot;
  const ids = await itemIds(client, self.id, o);
  o.progress(`${ids.length} item(s) found`);
  const all = await ops.mapLimit(ids, PARALLEL, (id) => ops.getItem(client, id));
  const kept: PortalItem[] = [];
  for (const item of all) {
    const reason = skipReason(item);
    if (reason) snapshot.skipped.push({ id: item.id, title: item.title, reason });
    else kept.push(item);
  }
  const stackMarkers = new Set(all.flatMap((i) => (Array.isArray(i.typeKeywords) ? i.typeKeywords : []).filter((k): k is string => typeof k === "string" && k.startsWith(`${itemIdentity.MARKER_PREFIX}s`))));
  snapshot.managingStacks = [...stackMarkers].sort();
  const names = uniqueNames(kept.map((i) => ({ id: i.id, title: i.title })));
  snapshot.items = kept.map((item) => ({ item, name: names.get(item.id)! })).sort((a, b) => (a.name < b.name ? -1 : 1));
  let done = 0;
  let bytes = 0;
  const rels = await ops.mapLimit(snapshot.items, PARALLEL, async (e) => {
    await readData(client, o.dir, e);
    bytes += e.file?.bytes ?? 0;
    if (++done % 25 === 0 || done === snapshot.items.length) o.progress(`${done}/${snapshot.items.length} items read, ${bytes} bytes downloaded`);
    return relationshipsOf(client, e.item.id);
  });
  const seen = new Set<string>();
  for (const r of rels.flat()) {
    const key = `${r.originItemId}|${r.destinationItemId}|${r.type}`;
    if (!seen.has(key)) snapshot.relationships.push(r);
    seen.add(key);
  }
  if (o.groups !== false) {
    const shared = await readItemGroups(client, snapshot.items.map((e) => e.item));
    for (const e of snapshot.items) e.groups = shared.get(e.item.id);
    const owners = o.owners.length > 0 ? o.owners : snapshot.items.map((e) => e.item.owner);
    snapshot.folders = await readFolders(client, owners);
    o.progress(`${snapshot.folders.length} folder(s) read`);
  }
  snapshot.relationships.sort((a, b) => (`${a.originItemId}|${a.type}|${a.destinationItemId}` < `${b.originItemId}|${b.type}|${b.destinationItemId}` ? -1 : 1));
  return snapshot;
}
