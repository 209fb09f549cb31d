// The ResourceProviders the serialized stubs load by kind (resources/stub.ts, spec.md#design-closure),
// one per resource definition (all.ts).
import { resourceDefinitions, type ResourceKind } from "./definitions";
import type { ResourceDefinition } from "./machinery/definition";
import type * as pulumi from "@pulumi/pulumi";
import { connectionFailure } from "./machinery/connection";
import { privilegeFailure, type CreatePrivilege } from "./machinery/privileges";
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
function checkingConnection<P extends pulumi.dynamic.ResourceProvider>(need: CreatePrivilege | undefined, p: P): P {
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
      const connection = await connectionFailure();
      const problem = connection ?? (await privilegeFailure(need, olds, news, portalClient(), r.inputs));
      return problem ? { ...r, failures: [problem] } : r;
    },
  });
}

/**
 * A provider as the stubs load it: its connection check, each call in its resource's context (retry
 * lines on its row), and a read that finds nothing changed leaving the state's inputs as they are.
 */
const served = (d: ResourceDefinition): pulumi.dynamic.ResourceProvider =>
  withResourceContext(checkingConnection(d.privilege, keepInputsWhenUnchanged(d.provider)));

type Providers = { [K in ResourceKind]: pulumi.dynamic.ResourceProvider };

export const resourceProviders = Object.fromEntries(
  Object.values(resourceDefinitions).map((d) => [d.kind, served(d)]),
) as Providers;
