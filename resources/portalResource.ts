// The base of the public classes added with groups and folders: one place for the stub, the type
// token (written once), the URN a replacement's check reads (provider/resources/machinery/replacing.ts) and
// the constructor that captures no stack frames (resources/stackCaptures.ts).
import * as pulumi from "@pulumi/pulumi";
import { providerStub, type ResourceKind } from "./stub";
import { withoutStackCaptures } from "./stackCaptures";
import { withHiddenDiffs } from "./options";

export abstract class PortalResource extends pulumi.dynamic.Resource {
  /** `hidden`: the id the check fills in for dependents (groupId, folderId), hidden from `preview --diff` with the plan lines (options.ts). */
  protected constructor(kind: ResourceKind, type: string, name: string, props: Record<string, unknown>, opts?: pulumi.CustomResourceOptions, hidden: readonly string[] = []) {
    const withUrn = { ...props, __urn: pulumi.createUrn(name, `pulumi-nodejs:dynamic/portal:${type}`, opts?.parent) };
    const restoreStacks = withoutStackCaptures();
    try {
      super(providerStub(kind), name, withUrn, withHiddenDiffs(opts, hidden), "portal", type);
    } finally {
      restoreStacks();
    }
  }
}
