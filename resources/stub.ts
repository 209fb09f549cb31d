// spec.md#design-closure: the object handed to dynamic.Resource is serialized into state, so it must
// capture nothing but a resource kind. Each method loads the real implementation by package name
// when the provider host calls it; the host resolves the package installed beside the program.
//
// Each stub is the whole `module.exports` of resources/stubs/<kind>.js (written by `npm run gen`),
// exported by the package as `pulumi-gis-portal/stubs/<kind>`. Pulumi's closure serializer captures
// a module that lives in node_modules as `require("<its exported name>")` instead of by value, so an
// installed package puts a few hundred bytes in state per resource. (Run from a source checkout, the same stub is
// serialized by value: about 2 KB.)
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "./generated/kinds";

/** The resource kinds of `pulumi-gis-portal/provider` (its `resourceProviders`), generated from the definitions. */
export type { ResourceKind } from "./generated/kinds";

type Provider = pulumi.dynamic.ResourceProvider;
type Method = "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";

/** The stub object of one kind; called only by resources/stubs/<kind>.ts. */
export function makeStub(kind: ResourceKind): Provider {
  const c = (m: Method, a: unknown[]) => {
    // the providers bundled in one file (provider/served.ts): the provider process's first answer comes sooner
    const p = require("pulumi-gis-portal/provider/served").resourceProviders[kind];
    return p[m] ? p[m](...a) : undefined;
  };
  return {
    configure: (...a) => c("configure", a),
    check: (...a) => c("check", a),
    diff: (...a) => c("diff", a),
    create: (...a) => c("create", a),
    read: (...a) => c("read", a),
    update: (...a) => c("update", a),
    delete: (...a) => c("delete", a),
  };
}

/** The serialized provider of one resource kind, to pass to dynamic.Resource. */
export function providerStub(kind: ResourceKind): Provider {
  return require(`./stubs/${kind}`);
}
