// One definition per resource (docs/decisions.md "one registration per resource"): everything the
// registries need to know of a resource, in one object its folder exports. The providers the stubs
// load, the delete lines of render-plan, the docs tables, the policy kinds, the stubs and the
// public Args/outputs (written by `npm run gen`) are all read from the definitions.
import type * as pulumi from "@pulumi/pulumi";
import type { Table } from "./propertyTable";
import type { CreatePrivilege } from "./privileges";

/** A field of a named public type: its TypeScript type text (`Input<string>`) and its doc. */
export interface PublicField {
  type: string;
  doc: string;
  optional?: boolean;
}

/**
 * A named public type that a row's type text uses (`Input<PortalItemSharingArgs>`): an interface
 * (its fields, and an index signature when the portal takes more keys) or an alias of a union.
 */
export interface PublicType {
  name: string;
  doc: string;
  fields?: Record<string, PublicField>;
  /** The interface takes keys of its own beyond its fields (`[key: string]: unknown`). */
  moreKeys?: boolean;
  /** A type alias instead of an interface: its text. */
  alias?: string;
}

/** A resource's public class, when `npm run gen` writes it (a class with no code of its own). */
export interface GeneratedClass {
  /** The class's doc comment. */
  doc: string;
  /** Ids the check fills in for dependents, hidden from `preview --diff` (resources/portalResource.ts). */
  hidden?: readonly string[];
}

/** A resource's state as render-plan reads it (its outputs at the last up or refresh). */
export type StateProps = Record<string, unknown>;

/** A PortalItem of the same preview as its state holds it before the plan: its name, groups and folder. */
export interface ItemFacts {
  name: string;
  groups: string[];
  folder?: string;
}

/** The lines render-plan shows for a delete of the resource. */
export type DeleteLines = (outputs: StateProps, items: ItemFacts[]) => string[];

/** What a resource's folder states; `defineResource` fills in the names derived from them. */
export interface ResourceFacts<K extends string> {
  /** `folder`: the key of the provider, the stub's module name (`pulumi-gis-portal/stubs/folder`). */
  kind: K;
  /** `Folder`: the public class, the type token's last part (`portal:Folder`), the policy kind. */
  name: string;
  /** The property table. */
  table: Table;
  /** The dynamic provider. */
  provider: pulumi.dynamic.ResourceProvider;
  /** What render-plan shows for a delete of it. */
  deleteLines: DeleteLines;
  /** Its page under docs/resources/ (`folder.md`), whose Arguments and Outputs tables are generated. */
  docsPage: string;
  /** Named types its rows' type texts use, written out by `npm run gen`. */
  types?: readonly PublicType[];
  /** The privilege creating it needs, checked at preview (machinery/privileges.ts); unset: left to the portal. */
  privilege?: CreatePrivilege;
  /** Its public class, when generated; unset: the class is written by hand in resources/. */
  generatedClass?: GeneratedClass;
}

/** A resource's definition: its facts and the names derived from them. */
export interface ResourceDefinition<K extends string = string> extends ResourceFacts<K> {
  /** `portal:Folder`: the type token after `pulumi-nodejs:dynamic/`. */
  typeToken: string;
  /** `Folder`: the kind the policy rules name (policy/rules.ts). */
  policyKind: string;
  /** `folder`: resources/stubs/<stub>.ts, exported as `pulumi-gis-portal/stubs/<stub>`. */
  stub: string;
}

/** The definition of a resource from its facts. */
export function defineResource<K extends string>(facts: ResourceFacts<K>): ResourceDefinition<K> {
  return { ...facts, typeToken: `portal:${facts.name}`, policyKind: facts.name, stub: facts.kind };
}
