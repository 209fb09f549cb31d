// spec.md#gap-relationships: addRelationship, deleteRelationship, relatedItems.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, type OpContext } from "./operation";
import { relate, unrelate } from "../models/relate";
import { itemView } from "../models/itemView";
import { badRequest, portalError } from "../errors";

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

function relatedItems(ctx: OpContext) {
  const item = ctx.portal.items.readable(ctx.path.id, ctx.caller, ctx.portal.administers);
  const types = ctx.params.list("relationshipTypes") ?? ctx.params.list("relationshipType") ?? [];
  const direction = ctx.params.str("direction") ?? "forward";
  if (direction !== "forward" && direction !== "reverse") throw badRequest("'direction' must be forward or reverse.");
  const visible = ctx.portal.relationships
    .related(item.id, types, direction)
    .flatMap((id) => {
      try {
        return [ctx.portal.items.readable(id, ctx.caller, ctx.portal.administers)];
      } catch {
        return [];
      }
    });
  return { total: visible.length, relatedItems: visible.map((i) => itemView(i)) };
}
