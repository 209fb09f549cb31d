// spec.md#can-reassign-items: canReassignItems. Target eligibility (spec.md#gap-can-reassign, simplified): the target exists in the
// same org, is enabled, may own content, and may own each item's type (hosted services need the
// publisher's privilege).
import { CAN_REASSIGN_MAX_ITEMS } from "../../spec/limits";
import { badRequest, portalError } from "../errors";
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
    results.push({ itemId: id, success: true });
  }
  if (refused.length > 0) {
    // spec.md#errors: 403, CONT_0291, one descriptor per item the target cannot own
    const details = refused.map((i) => ({ itemId: i.id, type: i.type, url: i.url ?? `${sharingUrl}/content/items/${i.id}`, reservedTypeKeywords: i.typeKeywords.filter((k) => RESERVED_TYPE_KEYWORDS.includes(k)), owner: i.owner }));
    throw portalError("CONT_0291", { message: `User ${targetUsername} lacks the privileges to own ${refused.length} of the items.`, details });
  }
  return results;
}
