// The sharing REST routes, registered under /sharing/rest and /<webAdaptor>/sharing/rest.
import type { FastifyInstance } from "fastify";
import type { Emu } from "../context";
import { tokenRoutes } from "./tokens";
import { oauthRoutes } from "./oauth";
import { categoryRoutes } from "./categories";
import { itemRoutes } from "./items";
import { statusRoutes } from "./status";
import { multipartRoutes } from "./multipart";
import { relationshipRoutes } from "./relationships";
import { infoRoutes } from "./info";
import { reportRoutes } from "./reports";
import { reassignRoutes } from "./reassign";
import { proxyRoutes } from "./proxy";
import { searchRoutes } from "./search";
import { memberRoutes } from "./members";
import { roleRoutes } from "./roles";
import { groupRoutes } from "./groups";
import { folderRoutes } from "./folders";
import { serviceRoutes } from "./services";
import { serverUrlRoutes } from "./serverUrls";

export function sharingRoutes(emu: Emu) {
  return async (app: FastifyInstance) => {
    tokenRoutes(app, emu);
    oauthRoutes(app, emu);
    categoryRoutes(app, emu);
    itemRoutes(app, emu);
    statusRoutes(app, emu);
    multipartRoutes(app, emu);
    relationshipRoutes(app, emu);
    infoRoutes(app, emu);
    reportRoutes(app, emu);
    reassignRoutes(app, emu);
    proxyRoutes(app, emu);
    searchRoutes(app, emu);
    memberRoutes(app, emu);
    roleRoutes(app, emu);
    groupRoutes(app, emu);
    folderRoutes(app, emu);
    serviceRoutes(app, emu);
    serverUrlRoutes(app, emu);
  };
}
