// design.md rule 1: the object handed to dynamic.Resource is serialized into state, so it must
// capture nothing but a resource kind. Each method loads the real implementation by package name
// when the provider host calls it; the host resolves the package installed beside the program.
import type * as pulumi from "@pulumi/pulumi";

/** The resource kinds implemented in `pulumi-gis-portal/provider` (its `resourceProviders`). */
export type ResourceKind = "categorySchema" | "memberCategorySchema" | "itemStatus" | "portalItem" | "layerAppend";

type Provider = pulumi.dynamic.ResourceProvider;

/** Builds the serialized stub for one resource kind (a few hundred bytes in state). */
export function providerStub(kind: ResourceKind): Provider {
  // Every method body is self-contained: closure serialization captures `kind` and nothing else.
  return {
    async configure(req) {
      const impl: Provider = require("pulumi-gis-portal/provider").resourceProviders[kind];
      if (impl.configure) await impl.configure(req);
    },
    async check(olds, news) {
      return require("pulumi-gis-portal/provider").resourceProviders[kind].check(olds, news);
    },
    async diff(id, olds, news) {
      return require("pulumi-gis-portal/provider").resourceProviders[kind].diff(id, olds, news);
    },
    async create(inputs) {
      return require("pulumi-gis-portal/provider").resourceProviders[kind].create(inputs);
    },
    async read(id, props) {
      return require("pulumi-gis-portal/provider").resourceProviders[kind].read(id, props);
    },
    async update(id, olds, news) {
      return require("pulumi-gis-portal/provider").resourceProviders[kind].update(id, olds, news);
    },
    async delete(id, props) {
      return require("pulumi-gis-portal/provider").resourceProviders[kind].delete(id, props);
    },
  };
}
