// Reading an organization's groups, memberships, folders and item sharing for `export` (reads
// only; docs/fidelity.md#groups, #folders): every group of the organization (or of the --owner
// users) with its members, each owner's folders, and the groups each exported item is shared with.
import { ops, type PortalClient } from "../../provider";
import { uniqueNames } from "./names";
import { PARALLEL } from "./parallel";

export interface ExportedGroup {
  group: ops.PortalGroup;
  /** The resource name, `group-<title>` (unique). */
  name: string;
  users: string[];
  admins: string[];
}

export interface ExportedFolder {
  id: string;
  title: string;
  owner: string;
  /** The resource name, `folder-<owner>-<title>` (unique). */
  name: string;
}

/** The organization's groups (those of `owners` when given), each read whole with its members. */
export async function readGroups(client: PortalClient, orgId: string, owners: readonly string[]): Promise<ExportedGroup[]> {
  const scopes = owners.length > 0 ? owners.map((u) => `orgid:${orgId} owner:${u}`) : [`orgid:${orgId}`];
  const ids = new Set<string>();
  for (const q of scopes) for (const g of await ops.searchGroups(client, q)) if (typeof g.id === "string") ids.add(g.id);
  const groups = await ops.mapLimit([...ids].sort(), PARALLEL, (id) => ops.getGroup(client, id));
  const names = uniqueNames(groups.map((g) => ({ id: g.id, title: `group ${g.title}` })));
  const read = await ops.mapLimit(groups, PARALLEL, async (group) => {
    const members = await ops.getGroupUsers(client, group.id);
    const admins = members.admins.filter((n) => n !== members.owner).sort();
    const users = members.users.filter((n) => n !== members.owner && !admins.includes(n)).sort();
    return { group, name: names.get(group.id)!, users, admins };
  });
  return read.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Every folder of these users. */
export async function readFolders(client: PortalClient, owners: readonly string[]): Promise<ExportedFolder[]> {
  const found = (await ops.mapLimit([...new Set(owners)].sort(), PARALLEL, async (owner) => (await ops.listFolders(client, owner)).map((f) => ({ id: f.id, title: f.title, owner })))).flat();
  const names = uniqueNames(found.map((f) => ({ id: f.id, title: `folder ${f.owner} ${f.title}` })));
  return found.map((f) => ({ ...f, name: names.get(f.id)! })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The groups each item is shared with (the owner's view of the item; one read per item). */
export async function readItemGroups(client: PortalClient, items: ReadonlyArray<{ id: string; owner: string; ownerFolder?: unknown }>): Promise<Map<string, string[]>> {
  const groups = await ops.mapLimit(items, PARALLEL, async (i) => {
    const r = await ops.getUserItem(client, { owner: i.owner, itemId: i.id, folder: typeof i.ownerFolder === "string" ? i.ownerFolder : undefined });
    return [i.id, [...new Set(r.sharing?.groups ?? [])].sort()] as const;
  });
  return new Map(groups);
}

/**
 * The groups each item is shared with, from the groups' side: one search (`group:<id>`, paged by
 * 100) per group of the organization, a few requests where a read per item is thousands. It sees the
 * organization's groups only: a share with another organization's group (a collaboration) is not
 * listed.
 */
export async function readSharedWithGroups(client: PortalClient, groups: readonly ExportedGroup[], items: ReadonlyArray<{ id: string }>): Promise<Map<string, string[]>> {
  const shared = new Map<string, string[]>(items.map((i) => [i.id, []]));
  const lists = await ops.mapLimit(groups, PARALLEL, async (g) => ({ id: g.group.id, items: await ops.searchAllItems(client, `group:${g.group.id}`) }));
  for (const { id, items: inGroup } of lists) for (const hit of inGroup) shared.get(hit.id)?.push(id);
  for (const ids of shared.values()) ids.sort();
  return shared;
}
