// Reading an organization for `export` (reads only): portals/self, the two category trees, the
// items (the search's pages carry their fields; an item is read alone only when its search result
// leaves out a field the program needs), their data (text as JSON for the types that can hold it;
// a file streamed to disk under files/<resource>/<file name>) and their relationships
// (readRelationships.ts). A real portal is 50–150 ms away and throttles bursts: requests count.
import * as fs from "node:fs";
import * as path from "node:path";
import { hostedServices, itemIdentity, ops, type PortalClient } from "../../provider";
import { uniqueNames } from "./names";
import { PARALLEL } from "./parallel";
import { readFolders, readGroups, readItemGroups, readSharedWithGroups, type ExportedFolder, type ExportedGroup } from "./readGroups";
import { directionsFor, relationshipsOf, type Relationship } from "./readRelationships";
import type { ExportedMember, ExportedRole } from "./programMembers";

export type { Relationship } from "./readRelationships";

type PortalItem = ops.PortalItem;

/** A content (spec.md#category-schema) or member (spec.md#member-category-schema) node as the export writes it: empty fields left out. */
export interface ExportNode {
  title: string;
  description?: string;
  categories?: ExportNode[];
}

export interface ExportedItem {
  /** The item as the search (or GET content/items/<id>) returns it. */
  item: PortalItem;
  /** The resource name (unique, from the title). */
  name: string;
  /** The item's data when it is text: parsed JSON, or the text itself when it is not JSON. */
  text?: { json: boolean; value: unknown };
  /** The item's file, downloaded to `files/<name>/<fileName>` of the output. */
  file?: { fileName: string; bytes: number; sha256?: string };
  /** The groups the item is shared with (its owner's view). */
  groups?: string[];
  /** A hosted feature service: the FeatureService arguments that adopt it (written instead of a PortalItem). */
  service?: { spec: Record<string, unknown> };
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
  /** Hosted feature services as FeatureService resources (default true); false: as PortalItems. */
  services?: boolean;
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

/** The items to export, as the search answers them: one search per owner (or one for the whole organization). */
async function foundItems(client: PortalClient, orgId: string, o: ReadOptions): Promise<PortalItem[]> {
  const scopes = o.owners.length > 0 ? o.owners.map((u) => `owner:${u}`) : [""];
  const found = new Map<string, PortalItem>();
  for (const scope of scopes) {
    const q = [o.query, scope, `orgid:${orgId}`].filter((s) => s !== undefined && s.trim() !== "").join(" AND ");
    for (const hit of await ops.searchAllItems(client, q)) found.set(hit.id, hit as unknown as PortalItem);
  }
  return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Fields a search result may leave out that the program needs (REST search results are item
 * objects; whether every portal release includes these is unconfirmed): a result without one of
 * them is read alone (GET content/items/<id>), as every item was before.
 */
const FROM_ITEM_ONLY = ["protected", "access", "typeKeywords"] as const;
const complete = (hit: PortalItem) => FROM_ITEM_ONLY.every((k) => k in hit);

/**
 * Item types whose content is their URL and never item data (REST "Items and item types"): their
 * data is not asked for. Every other type without a file may hold text (web maps, apps, dashboards,
 * the JSON of a service item's layers), so its data is read.
 */
export const URL_ONLY_TYPES: readonly string[] = ["Document Link", "WMS", "WFS", "WMTS", "WCS", "KML Collection", "Geodata Service", "Globe Service", "Geometry Service", "Geocoding Service", "Network Analysis Service", "Geoprocessing Service", "Workflow Manager Service"];

/** A name the file system takes whatever the portal calls the file. */
function safeFileName(name: unknown): string {
  const base = path.basename(String(name ?? "")).replace(/[\u0000-\u001f<>:"|?*\\/]/g, "_").trim();
  return base === "" || base === "." || base === ".." ? "data" : base;
}

async function readData(client: PortalClient, dir: string, e: ExportedItem): Promise<void> {
  if (e.service) return; // a FeatureService holds its layers, not item data
  const hasFile = typeof e.item.name === "string" && e.item.name !== "";
  if (!hasFile && URL_ONLY_TYPES.includes(e.item.type)) return;
  if (hasFile) {
    const fileName = safeFileName(e.item.name);
    const folder = path.join(dir, "files", e.name);
    await fs.promises.mkdir(folder, { recursive: true });
    const saved = await ops.downloadItemData(client, e.item.id, path.join(folder, fileName));
    e.file = { fileName, bytes: saved.bytes, sha256: saved.sha256 };
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

/** Why an item is left out of the program, if it is. */
function skipReason(item: PortalItem): string | undefined {
  const marker = (Array.isArray(item.typeKeywords) ? item.typeKeywords : []).find((k) => typeof k === "string" && k.startsWith(itemIdentity.MARKER_PREFIX));
  if (marker) return `a Pulumi stack already manages it (type keyword ${marker})`;
  return undefined;
}

/**
 * Each hosted feature service item (hostedServices.notHostedService): its service JSON and every
 * layer definition (`<service>/layers`), two requests a service. One that cannot be read, or is a
 * view, stays a PortalItem (said on stderr).
 */
async function readServices(client: PortalClient, snapshot: OrgSnapshot, o: ReadOptions): Promise<void> {
  const hosted = snapshot.items.filter((e) => hostedServices.notHostedService(e.item) === undefined);
  if (hosted.length === 0) return;
  await ops.mapLimit(hosted, PARALLEL, async (e) => {
    try {
      const held = await hostedServices.readHeldService(client, e.item);
      if (held.info.isView === true) o.progress(`item ${e.item.id} ${JSON.stringify(e.item.title)} is a hosted view: exported as a PortalItem`);
      else e.service = { spec: hostedServices.exportedService(held) };
    } catch (err) {
      o.progress(`item ${e.item.id} ${JSON.stringify(e.item.title)}: its service could not be read (${String((err as Error)?.message ?? err).split("\n")[0]}): exported as a PortalItem`);
    }
  });
  o.progress(`${hosted.filter((e) => e.service).length} hosted feature service(s) read with their layers`);
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
  const hits = await foundItems(client, self.id, o);
  o.progress(`${hits.length} item(s) found`);
  const all = await ops.mapLimit(hits, PARALLEL, async (hit): Promise<PortalItem> => (complete(hit) ? hit : ops.getItem(client, hit.id)));
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
  if (o.services !== false) await readServices(client, snapshot, o);
  let done = 0;
  let bytes = 0;
  await ops.mapLimit(snapshot.items, PARALLEL, async (e) => {
    await readData(client, o.dir, e);
    bytes += e.file?.bytes ?? 0;
    if (++done % 25 === 0 || done === snapshot.items.length) o.progress(`${done}/${snapshot.items.length} items read, ${bytes} bytes downloaded`);
  });
  // every item read is asked, the skipped ones too: a relationship from one of them into an exported item is found at its origin
  const directions = directionsFor(o);
  const rels = await ops.mapLimit(all, PARALLEL, (item) => relationshipsOf(client, item, directions));
  const seen = new Set<string>();
  for (const r of rels.flat()) {
    const key = `${r.originItemId}|${r.destinationItemId}|${r.type}`;
    if (!seen.has(key)) snapshot.relationships.push(r);
    seen.add(key);
  }
  if (o.groups !== false) {
    // the whole organization: each of its groups lists its items (a search per group), instead of a read per item
    const items = snapshot.items.map((e) => e.item);
    const shared = o.owners.length === 0 ? await readSharedWithGroups(client, snapshot.groups ?? [], items) : await readItemGroups(client, items);
    for (const e of snapshot.items) e.groups = shared.get(e.item.id);
    const owners = o.owners.length > 0 ? o.owners : snapshot.items.map((e) => e.item.owner);
    snapshot.folders = await readFolders(client, owners);
    o.progress(`${snapshot.folders.length} folder(s) read`);
  }
  snapshot.relationships.sort((a, b) => (`${a.originItemId}|${a.type}|${a.destinationItemId}` < `${b.originItemId}|${b.type}|${b.destinationItemId}` ? -1 : 1));
  return snapshot;
}
