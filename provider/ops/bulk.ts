// Bulk reads (issue 24: an organization of thousands of items in one run). A listing page answers
// a hundred single reads at once: an owner's folder listing (REST user-content) carries each
// item's JSON as GET content/items/<id> returns it, and the organization's group search each
// group's as GET community/groups/<id> does; the client keeps them as the answers to those reads
// (PortalClient.primeRead, rest/readCache.ts), for the run and until any write. An item whose
// access is "private" is shared with nobody (the public API's access: "shared" when it has groups),
// so its listing answers its user item too, `{item, sharing: {access: "private", groups: []}}`;
// the sharing of any other item is still read one by one. A listing the caller may not read (an
// owner's content without administrator privileges) leaves the single reads to ask the portal.
import type { PortalClient } from "../rest/client";
import { listFolders, LISTING_PAGE, userContentPage } from "./folders";
import { getGroup, getGroupUsers, groupItemCount, groupPath, groupSearchPage, type PortalGroup } from "./groups";
import { getUserItem } from "./itemState";
import { mapLimit } from "./mapLimit";
import { everyPage, PAGES_IN_FLIGHT } from "./pages";
import { itemPath, userItemPath } from "./paths";
import { readAhead } from "./readAhead";

const folderOf = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** The items of `owner`'s folder (undefined or "": the root) answer their item reads; false when the listing cannot be read. */
export function prefetchFolderItems(client: PortalClient, owner: string, folder?: string | null): Promise<boolean> {
  // a boolean per read, not the list: each caller gets a copy (rest/readCache.ts)
  return client.sharedRead(`items of ${owner}/${folderOf(folder) ?? ""} read`, async () => (await listedItems(client, owner, folder)) !== undefined);
}

/** The listing behind prefetchFolderItems: the id and title of each item not private (whose sharing a read must still ask for); undefined when it cannot be read. */
export function listedItems(client: PortalClient, owner: string, folder?: string | null): Promise<Titled[] | undefined> {
  const where = folderOf(folder);
  return client.sharedRead(`items of ${owner}/${where ?? ""}`, async () => {
    try {
      const shared: Titled[] = [];
      const page = (start: number) => userContentPage(client, owner, where, start, LISTING_PAGE);
      await everyPage(page, LISTING_PAGE, (p) =>
        p.items.forEach((item) => {
          if (primeItem(client, owner, where, item) === "shared") shared.push({ id: item.id, title: item.title });
        }),
      );
      return shared;
    } catch {
      return undefined;
    }
  });
}

/** An id and the title that orders it (ops/readAhead.ts). */
export interface Titled {
  id: string;
  title?: unknown;
}

/** Primes the reads a listed item answers: "private" when its user item too, "shared" when its sharing is still to be read. */
function primeItem(client: PortalClient, owner: string, folder: string | undefined, item: Record<string, unknown>): "private" | "shared" | undefined {
  if (typeof item.id !== "string" || item.owner !== owner || folderOf(item.ownerFolder) !== folder) return undefined;
  client.primeRead(itemPath(item.id), {}, item);
  if (item.access !== "private") return "shared";
  const userItem = { item, sharing: { access: "private", groups: [] } };
  // the user item is read with its folder (a share) and without (a refresh): both answer alike
  for (const f of new Set([undefined, folder])) client.primeRead(userItemPath(owner, item.id, "", f).replace(/\/$/, ""), {}, userItem);
  return "private";
}

/** The organization's groups (those the caller can see) answer their group reads; false when the search cannot be read. */
export function prefetchGroups(client: PortalClient): Promise<boolean> {
  return client.sharedRead("groups of the organization read", async () => (await listedGroups(client)) !== undefined);
}

/** The search behind prefetchGroups: each group's id and title; undefined when it cannot be read. */
export function listedGroups(client: PortalClient): Promise<Titled[] | undefined> {
  return client.sharedRead("groups of the organization", async () => {
    try {
      const q = `orgid:${await client.portalId()}`;
      const listed: Titled[] = [];
      await everyPage((start) => groupSearchPage(client, q, start, true), LISTING_PAGE, (p) => {
        for (const g of p.entries) {
          if (typeof g?.id !== "string") continue;
          client.primeRead(groupPath(g.id), {}, g);
          listed.push({ id: g.id, title: g.title });
        }
      });
      return listed;
    } catch {
      return undefined;
    }
  });
}

/** GET community/groups/<id>, answered by the organization's group search when it can be (one search for every group read of a run). */
export async function readGroup(client: PortalClient, id: string): Promise<PortalGroup> {
  await prefetchGroups(client);
  return getGroup(client, id);
}

/**
 * The rosters (GET community/groups/<id>/users) of the groups `ids` lists read ahead, as many at
 * once as a listing's pages (PAGES_IN_FLIGHT), once per refresh: the engine reads every
 * GroupMembership after every Group, one after another, and each needs its roster, which no listing
 * answers. Each membership read then finds its answer read or on its way (the client shares a read
 * in flight). Read-ahead errors are left to the membership's own read. With the read cache off
 * (PORTAL_READ_CACHE_MS=0) nothing is read ahead.
 */
export async function prefetchRosters(client: PortalClient, ids: () => readonly string[]): Promise<void> {
  if (!client.sharesReads) return; // nothing would keep the answers: each membership reads its own
  return client.sharedRead("rosters of the groups read", async () => {
    await mapLimit(ids(), PAGES_IN_FLIGHT, (id) => getGroupUsers(client, id).catch(() => undefined)); // listed once per refresh
  });
}

/**
 * A Group read of a refresh asks for the group's shared-item count (group content, which no listing
 * answers): the counts of the organization's other groups are read ahead (ops/readAhead.ts).
 */
export function readAheadGroupCounts(client: PortalClient, id: string): Promise<void> {
  return readAhead(client, "group counts", id, "organization", async () => (await listedGroups(client))?.map((g) => ({ ...g, read: () => groupItemCount(client, g.id) })));
}

/**
 * A Folder read of a refresh asks for the first page of the folder's listing (its item count): the
 * owner's other folders' first pages are read ahead (ops/readAhead.ts); their items' reads take them too.
 */
export function readAheadFolderPages(client: PortalClient, owner: string, id: string): Promise<void> {
  return readAhead(client, "folder pages", id, owner, async () => (await listFolders(client, owner)).map((f) => ({ id: f.id, title: f.title, read: () => userContentPage(client, owner, f.id, 1, LISTING_PAGE) })));
}

/**
 * A PortalItem read of a refresh whose sharing is managed asks for its user item (no listing carries
 * an item's groups): those of the other items in its folder that are not private are read ahead
 * (ops/readAhead.ts).
 */
export function readAheadSharing(client: PortalClient, owner: string, folder: string | undefined, id: string): Promise<void> {
  return readAhead(client, "item sharing", id, `${owner}/${folder ?? ""}`, async () => (await listedItems(client, owner, folder))?.map((i) => ({ ...i, read: () => getUserItem(client, { owner, itemId: i.id }) })));
}
