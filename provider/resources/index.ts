// The ResourceProviders the serialized stubs load by kind (resources/stub.ts, spec.md#design-closure).
import { categorySchema, memberCategorySchema } from "./categorySchema/provider";
import { itemStatus } from "./itemStatus/provider";
import { layerAppend } from "./layerAppend/provider";
import { portalItem } from "./portalItem/provider";
import { group } from "./group/provider";
import { groupMembership } from "./groupMembership/provider";
import { folder } from "./folder/provider";

import type * as pulumi from "@pulumi/pulumi";
import { connectionFailure } from "./machinery/connection";
import { privilegeFailure } from "./machinery/privileges";
import { portalClient } from "./machinery/client";
import { quietProvider } from "../quietErrors";
import { withResourceContext } from "../resourceContext";
import { keepInputsWhenUnchanged } from "./machinery/unchangedRead";

/**
 * Every provider's check, then (when the program's inputs pass) the one connection read of the run
 * (connection.ts): a wrong portal:url or token fails the preview as a check failure on that key,
 * not the first write of `up`. A check that fails on its inputs sends nothing more; one that threw
 * on a read (a plan that reads the portal) is answered with the connection's problem when that is
 * the cause. A resource to be created is then checked against the user's privileges (privileges.ts),
 * from the same portals/self answer.
 */
function checkingConnection<P extends pulumi.dynamic.ResourceProvider>(kind: string, p: P): P {
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
      const problem = (await connectionFailure()) ?? (await privilegeFailure(kind, olds, news, portalClient(), r.inputs));
      return problem ? { ...r, failures: [problem] } : r;
    },
  });
}

/**
 * A provider as the stubs load it: its connection check, each call in its resource's context (retry
 * lines on its row), and a read that finds nothing changed leaving the state's inputs as they are.
 */
const served = <P extends pulumi.dynamic.ResourceProvider>(kind: string, p: P): P => withResourceContext(checkingConnection(kind, keepInputsWhenUnchanged(p)));

export const resourceProviders = {
  categorySchema: served("categorySchema", categorySchema),
  memberCategorySchema: served("memberCategorySchema", memberCategorySchema),
  itemStatus: served("itemStatus", itemStatus),
  layerAppend: served("layerAppend", layerAppend),
  portalItem: served("portalItem", portalItem),
  group: served("group", group),
  groupMembership: served("groupMembership", groupMembership),
  folder: served("folder", folder),
};
