// The base of every public class: one place for the stub, the type token (from the kind, written
// once), the URN a check reads (crash-safe identities, provider/resources/machinery/replacing.ts),
// and the diffs `preview --diff` hides (options.ts).
import * as pulumi from "@pulumi/pulumi";
import { KINDS, type ResourceKind } from "./generated/kinds";
import { providerStub } from "./stub";
import { withHiddenDiffs } from "./options";

export interface ResourceSetup {
  /** Ids the check fills in for dependents (itemId, groupId, folderId), hidden from `preview --diff`. */
  hidden?: readonly string[];
  /** The provider reads the resource's URN (default true; the category trees, singletons per organization, do not). */
  urn?: boolean;
  /** Outputs kept secret in state whatever the program gave. */
  secretOutputs?: readonly string[];
  /** Options of the kind's own (the trees hide their nested diff behind the outline). */
  options?: (opts: pulumi.CustomResourceOptions | undefined) => pulumi.CustomResourceOptions;
}

/** `portalItem` → `PortalItem`: the type token's last part, as the engine shows it (from the definitions). */
export const typeOf = (kind: ResourceKind): string => KINDS[kind].name;

export abstract class PortalResource extends pulumi.dynamic.Resource {
  protected constructor(
    kind: ResourceKind,
    name: string,
    props: Record<string, unknown>,
    opts?: pulumi.CustomResourceOptions,
    setup: ResourceSetup = {},
  ) {
    const type = typeOf(kind);
    const urn = () => pulumi.createUrn(name, `pulumi-nodejs:dynamic/portal:${type}`, opts?.parent);
    const withUrn = setup.urn === false ? props : { ...props, __urn: urn() };
    let options = setup.options ? setup.options(opts) : withHiddenDiffs(opts, setup.hidden ?? []);
    if (setup.secretOutputs && setup.secretOutputs.length > 0) {
      const additionalSecretOutputs = [...(options.additionalSecretOutputs ?? []), ...setup.secretOutputs];
      options = { ...options, additionalSecretOutputs };
    }
    super(providerStub(kind), name, withUrn, options, "portal", type);
  }
}
