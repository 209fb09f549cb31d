// spec.md#can-reassign-items (11.0+): canReassignItems, at most 100 items per call.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, type OpContext } from "./operation";
import { PRIVILEGES } from "../models/privileges";
import { RELEASES } from "../../spec/limits";
import { canReassignItems, parseItemIds } from "../models/reassign";
import { portalError } from "../errors";
import { requireRelease } from "./release";

type Ctx = OpContext & { caller: Caller };

export function reassignRoutes(app: FastifyInstance, emu: Emu): void {
  op(app, emu, "/content/users/:user/canReassignItems", canReassign);
}

/** Part 5: the default administrator, a custom role with administrative privileges, or the owner with the transfer privilege. */
function mayReassign(ctx: Ctx, owner: string): void {
  const { directory } = ctx.portal;
  const ownerUser = directory.users.get(owner);
  if (ownerUser && ownerUser.orgId === ctx.caller.org.id && directory.hasPrivilege(ctx.caller.user, PRIVILEGES.reassignItemsAsAdmin)) return;
  if (owner === ctx.caller.user.username && directory.hasPrivilege(ctx.caller.user, PRIVILEGES.reassignItemsAsOwner)) return;
  throw portalError("GWM_0003", { message: `User ${ctx.caller.user.username} may not transfer ${owner}'s items: it needs the administrator role, ${PRIVILEGES.reassignItemsAsAdmin}, or to be the owner with ${PRIVILEGES.reassignItemsAsOwner}.` });
}

function canReassign(ctx: Ctx) {
  requireRelease(ctx.emu, RELEASES.canReassignItems, "canReassignItems");
  const owner = ctx.path.user;
  mayReassign(ctx, owner);
  const ids = parseItemIds(ctx.params.required("items"));
  const results = canReassignItems(ctx.portal, owner, ids, ctx.params.required("targetUsername"), ctx.caller.org.id, ctx.emu.urls.sharingUrl);
  return { results };
}
