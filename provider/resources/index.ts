// The ResourceProviders the serialized stubs load by kind (resources/stub.ts, spec.md#design-closure).
import { categorySchema } from "./categorySchema/content";
import { itemStatus } from "./itemStatus/provider";
import { layerAppend } from "./layerAppend/provider";
import { memberCategorySchema } from "./categorySchema/member";
import { portalItem } from "./portalItem/provider";
import { group } from "./group/provider";
import { groupMembership } from "./groupMembership/provider";
import { folder } from "./folder/provider";

import type * as pulumi from "@pulumi/pulumi";
import { connectionFailure } from "./machinery/connection";
import { quietProvider } from "../quietErrors";

/**
 * Every provider's check, then (when the program's inputs pass) the one connection read of the run
 * (connection.ts): a wrong portal:url or token fails the preview as a check failure on that key,
 * not the first write of `up`. A check that fails on its inputs sends nothing more; one that threw
 * on a read (a plan that reads the portal) is answered with the connection's problem when that is
 * the cause.
 */
function checkingConnection<P extends pulumi.dynamic.ResourceProvider>(p: P): P {
  const check = p.check!.bind(p);
  return quietProvider({
    ...p,
    async check(olds: any, news: any) {
      let r: pulumi.dynamic.CheckResult;
      try {
        r = await check(olds, news);
      } catch (e) {
        const problem = await connectionFailure();
        if (problem) return { inputs: news, failures: [problem] };
        throw e;
      }
      if (r.failures && r.failures.length > 0) return r;
      const problem = await connectionFailure();
      return problem ? { ...r, failures: [problem] } : r;
    },
  });
}

export const resourceProviders = {
  categorySchema: checkingConnection(categorySchema),
  memberCategorySchema: checkingConnection(memberCategorySchema),
  itemStatus: checkingConnection(itemStatus),
  layerAppend: checkingConnection(layerAppend),
  portalItem: checkingConnection(portalItem),
  group: checkingConnection(group),
  groupMembership: checkingConnection(groupMembership),
  folder: checkingConnection(folder),
};
