// spec.md#can-reassign-items: canReassignItems. Target eligibility (spec.md#gap-can-reassign, simplified): the target exists in the
// same org, is enabled, may own content, and may own each item's type (hosted services need the
// publisher's privilege).
import { CAN_REASSIGN_MAX_ITEMS } from "../../spec/limits";
import { badRequest, EmulatorError, portalError } from "../errors";
import { GROUP } from "../../spec/limits";
import { isMember } from "./groups";
import type { Portal } from "./portal";
import type { Item } from "./items";
import { PRIVILEGES } from "./privileges";
import type { EmulatorUser } from "../host";

/** Types whose owner needs the publisher privilege (unconfirmed list). */
const PUBLISHED_TYPES = ["Feature Service", "Map Service", "Image Service", "Vector Tile Service", "Scene Service"];
/** Type keywords the portal reserves for itself, reported in CONT_0291 details (unconfirmed list). */
const RESERVED_TYPE_KEYWORDS = ["Hosted Service", "View Service", "Data", "Service"];

export function parseItemIds(raw: string): string[] {
  const ids = raw.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (ids.length === 0) throw badRequest("'items' must list at least one item id.");
  if (ids.length > CAN_REASSIGN_MAX_ITEMS) throw badRequest(`'items' lists ${ids.length} items; at most ${CAN_REASSIGN_MAX_ITEMS} per call.`);
  return ids;
}

function canOwn(portal: Portal, target: EmulatorUser, item: Item): boolean {
  if (!portal.directory.hasPrivilege(target, PRIVILEGES.createItem)) return false;
  return !PUBLISHED_TYPES.includes(item.type) || portal.directory.hasPrivilege(target, PRIVILEGES.publishFeatures);
}

/**
 * Why `target` cannot receive `item` beyond its type (REST reassign-item note): a private item's
 * groups must all be the target's, and so must every shared-update group it is in.
 */
export function groupRefusal(portal: Portal, item: Item, target: EmulatorUser): string | undefined {
  const groups = item.groups.map((id) => portal.groups.byId.get(id)).filter((g) => g !== undefined);
  const privateItem = item.access === "private" || item.access === "shared";
  const missing = groups.filter((g) => !isMember(g, target.username) && (privateItem || g.capabilities.includes(GROUP.sharedUpdateCapability)));
  if (missing.length === 0) return undefined;
  const names = missing.map((g) => `${JSON.stringify(g.title)} (${g.id})`).join(", ");
  return privateItem
    ? `the item is private and shared with group(s) ${names} that ${target.username} is not a member of; add ${target.username} to them first`
    : `the item is in shared-update group(s) ${names} that ${target.username} is not a member of; add ${target.username} to them first`;
}

/** The error a reassign of `item` to `target` gets, or undefined when it may go. */
export function reassignRefusal(portal: Portal, item: Item, target: EmulatorUser): { error: EmulatorError } | undefined {
  if (!canOwn(portal, target, item)) {
    const details = [{ itemId: item.id, type: item.type, url: item.url ?? null, reservedTypeKeywords: item.typeKeywords.filter((k) => RESERVED_TYPE_KEYWORDS.includes(k)), owner: item.owner }];
    return { error: portalError("CONT_0291", { message: `User ${target.username} lacks the privileges to own item ${item.id} (${item.type}).`, details }) };
  }
  const why = groupRefusal(portal, item, target);
  return why ? { error: new EmulatorError(400, `Item ${item.id} cannot be reassigned to ${target.username}: ${why}.`) } : undefined;
}

export interface ReassignResult {
  itemId: string;
  success: boolean;
  error?: { code: number; message: string };
}

export function canReassignItems(portal: Portal, owner: string, ids: string[], targetUsername: string, orgId: string, sharingUrl: string): ReassignResult[] {
  const target = portal.directory.users.get(targetUsername);
  if (!target || target.disabled || target.orgId !== orgId) throw badRequest(`Target user ${JSON.stringify(targetUsername.slice(0, 60))} does not exist in the organization or is disabled.`);
  const results: ReassignResult[] = [];
  const refused: Item[] = [];
  for (const id of ids) {
    const item = portal.items.items.get(id);
    if (!item || item.owner !== owner) {
      results.push({ itemId: id, success: false, error: { code: 404, message: `Item ${id} does not exist or is not owned by ${owner}.` } });
      continue;
    }
    if (!canOwn(portal, target, item)) refused.push(item);
    const why = groupRefusal(portal, item, target);
    results.push(why ? { itemId: id, success: false, error: { code: 400, message: why } } : { itemId: id, success: true });
  }
  if (refused.length > 0) {
    // spec.md#errors: 403, CONT_0291, one descriptor per item the target cannot own
    const details = refused.map((i) => ({ itemId: i.id, type: i.type, url: i.url ?? `${sharingUrl}/content/items/${i.id}`, reservedTypeKeywords: i.typeKeywords.filter((k) => RESERVED_TYPE_KEYWORDS.includes(k)), owner: i.owner }));
    throw portalError("CONT_0291", { message: `User ${targetUsername} lacks the privileges to own ${refused.length} of the items.`, details });
  }
  return results;
}
