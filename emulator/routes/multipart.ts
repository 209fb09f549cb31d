// spec.md#gap-multipart multipart mode: addPart, parts, commit, cancel on an item added with multipart=true.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import type { Caller } from "../host";
import { op, type OpContext } from "./operation";
import { addPart, cancel, commit, listParts } from "../models/multipart";
import { commitRequestOf } from "./itemRequests";

type Ctx = OpContext & { caller: Caller };
const ITEM_PATHS = ["/content/users/:owner/items/:id", "/content/users/:owner/:folder/items/:id"];

const env = (ctx: Ctx) => ({ portal: ctx.portal, jobs: ctx.emu.jobs, uploadDir: ctx.emu.uploadDir });
const item = (ctx: Ctx) => ctx.portal.items.writable(ctx.path.id, ctx.caller, ctx.portal.administers);

export function multipartRoutes(app: FastifyInstance, emu: Emu): void {
  for (const base of ITEM_PATHS) {
    op(app, emu, `${base}/addPart`, async (ctx) => {
      await addPart(env(ctx), item(ctx), ctx.params.int("partNum"), ctx.params.files.file);
      return { success: true };
    });
    op(app, emu, `${base}/parts`, (ctx) => ({ parts: listParts(env(ctx), item(ctx)) }));
    op(app, emu, `${base}/commit`, (ctx) => {
      const it = item(ctx);
      commit(env(ctx), it, commitRequestOf(ctx.params));
      return { success: true, id: it.id };
    });
    op(app, emu, `${base}/cancel`, (ctx) => {
      cancel(env(ctx), item(ctx));
      return { success: true };
    });
  }
}
