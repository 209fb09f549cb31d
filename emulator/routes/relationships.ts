// spec.md#gap-relationships: addRelationship, deleteRelationship, relatedItems.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, type OpContext } from "./operation";
import { relate, unrelate } from "../models/relate";
import { itemView } from "../models/itemView";
import { badRequest, portalError } from "../errors";
import { checkRelationshipType } from "../models/relationships";
import { page } from "./paging";

type Ctx = OpContext & { caller: Caller };

export function relationshipRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/content/users/:user/addRelationship", addRelationship);
  op(app, emu, "/content/users/:user/deleteRelationship", deleteRelationship);
  op(app, emu, "/content/items/:id/relatedItems", relatedItems, { auth: "optional" });
}

function ends(ctx: Ctx) {
  if (ctx.path.user !== ctx.caller.user.username) throw portalError("GWM_0003", { message: `Only ${ctx.path.user} may change relationships in their content.` });
  return { originItemId: ctx.params.required("originItemId"), destinationItemId: ctx.params.required("destinationItemId"), relationshipType: ctx.params.str("relationshipType") };
}

function addRelationship(ctx: Ctx) {
  relate(ctx.portal, ctx.caller, ends(ctx));
  return { success: true };
}

function deleteRelationship(ctx: Ctx) {
  unrelate(ctx.portal, ctx.caller, ends(ctx));
  return { success: true };
}

/**
 * REST "Related Items": `relationshipTypes` names one type or several (comma-separated, as
 * arcgis-rest-js sends an array; `relationshipType`, which rest-js sends for a single type, is read
 * too); an unknown type or none is refused like addRelationship's. `direction` forward or reverse
 * (the page calls it required and also says the portal infers it: forward when it is not sent).
 * Paged (`start`, `num` ≤ 100, default 10). The answer does not say which type relates each item.
 */
function relatedItems(ctx: OpContext) {
  const item = ctx.portal.items.readable(ctx.path.id, ctx.caller, ctx.portal.administers);
  const types = ctx.params.list("relationshipTypes") ?? ctx.params.list("relationshipType") ?? [];
  if (types.length === 0) throw badRequest("Missing required parameter 'relationshipTypes'.");
  for (const t of types) checkRelationshipType(t);
  const direction = ctx.params.str("direction") ?? "forward";
  if (direction !== "forward" && direction !== "reverse") throw badRequest("'direction' must be forward or reverse.");
  const visible = [...new Set(ctx.portal.relationships.related(item.id, types, direction))].flatMap((id) => {
    try {
      return [ctx.portal.items.readable(id, ctx.caller, ctx.portal.administers)];
    } catch {
      return [];
    }
  });
  const { start, num, nextStart } = page(ctx.params, visible.length);
  return { total: visible.length, start, num, nextStart, relatedItems: visible.slice(start - 1, start - 1 + num).map((i) => itemView(i)) };
}
