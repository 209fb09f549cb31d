// Path builders shared by the item operations (spec.md#gap-read-item): user-scoped item verbs live
// under content/users/<owner>/[<folderId>/]items/<id>/<verb>.
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";

/** `content/users/<owner>/[<folder>/]items/<itemId>/<verb>`. */
export function userItemPath(owner: string, itemId: string, verb: string, folder?: string | null): string {
  const folderPart = folder ? `${seg(folder)}/` : "";
  return `content/users/${seg(owner)}/${folderPart}items/${seg(itemId)}/${verb}`;
}

/** Owner, item id and folder of a user-scoped item verb. */
export interface ItemRef {
  owner: string;
  itemId: string;
  folder?: string | null;
}

/** `content/items/<itemId>[/<sub>]`. */
export function itemPath(itemId: string, sub?: string): string {
  return `content/items/${seg(itemId)}${sub ? `/${sub}` : ""}`;
}

/** `portals/<the organization's id>/<verb>`: the organization-scoped operations (schemas, members, roles). */
export async function portalPath(client: PortalClient, verb: string): Promise<string> {
  return `portals/${seg(await client.portalId())}/${verb}`;
}
