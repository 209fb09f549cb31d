// The resource definitions (all.ts) by kind, and the lists the registries read from them.
import * as all from "./all";
import type { ResourceDefinition } from "./machinery/definition";

/** Each resource's definition, by kind. */
export const resourceDefinitions = all;
/** The resource kinds (`folder`, `portalItem` …). */
export type ResourceKind = keyof typeof all;
/** The definitions, in the order of all.ts. */
export const DEFINITIONS: readonly ResourceDefinition[] = Object.values(all);
