// The declared outputs of a public class, read from its property table (issue 26: a field is named
// in its row only). Each output row's `outputType` — the text the docs' Outputs column shows, such as
// "Output<string | undefined>" — is read here at the type level, so `group.groupId` is an
// `Output<string>` without a `declare readonly` line in the class. A row whose type text this
// reader does not know resolves to `never` and fails to compile (`KnownOutputs`).
import type * as pulumi from "@pulumi/pulumi";
import type { propertyTables as tables } from "../provider";
import { PortalResource, type ResourceSetup } from "./portalResource";
import type { ResourceKind } from "./stub";

/** Named types an output's text may use (`CategoryNode[]`), given by the class that declares them. */
export type NamedTypes = Record<string, unknown>;
/** No named types. */
type NoNames = Record<never, never>;

type Scalar<S extends string, N extends NamedTypes> = S extends "string"
  ? string
  : S extends "number"
    ? number
    : S extends "boolean"
      ? boolean
      : S extends "undefined"
        ? undefined
        : S extends `"${infer L}"`
          ? L
          : S extends `${infer E}[]`
            ? Scalar<E, N>[]
            : S extends `Record<string, ${infer V}>`
              ? Record<string, Scalar<V, N>>
              : S extends keyof N
                ? N[S]
                : never;

type Union<S extends string, N extends NamedTypes> = S extends `${infer A} | ${infer B}` ? Scalar<A, N> | Union<B, N> : Scalar<S, N>;

/** The TypeScript type a row's `outputType` text names ("Output<string[]>" → string[]). */
export type OutputTypeText<S extends string, N extends NamedTypes = NoNames> = S extends `Output<${infer T}>` ? Union<T, N> : Union<S, N>;

/** The names of a table's declared outputs (tables.outputKeys, at the type level). */
export type OutputName<T extends tables.Table> = { [K in keyof T]: T[K] extends { role: "output" } | { output: true } ? K : never }[keyof T] & string;

type OutputOf<P, N extends NamedTypes> = P extends { outputType: infer S extends string } ? OutputTypeText<S, N> : never;

/** The outputs a public class declares: every output row, typed by its `outputType`. */
export type TableOutputs<T extends tables.Table, N extends NamedTypes = NoNames> = { readonly [K in OutputName<T>]: pulumi.Output<OutputOf<T[K], N>> };

/** `true` when every output of the table has a type; else the names whose text is unknown (a compile error at the use). */
export type KnownOutputs<T extends tables.Table, N extends NamedTypes = NoNames> = { [K in OutputName<T>]: [OutputOf<T[K], N>] extends [never] ? K : never }[OutputName<T>] extends never ? true : { unknownOutputType: { [K in OutputName<T>]: [OutputOf<T[K], N>] extends [never] ? K : never }[OutputName<T>] };

/** PortalResource's constructor, as a base class whose instances carry the table's outputs. */
export type PortalResourceWith<O> = abstract new (kind: ResourceKind, name: string, props: Record<string, unknown>, opts?: pulumi.CustomResourceOptions, setup?: ResourceSetup) => PortalResource & O;

/**
 * The base class of a public resource: `class Group extends withOutputs(tables.GROUP_TABLE) {}`
 * declares every output row of the table. The engine sets them at run time (each has a key in the
 * props, `propsOf`); this only types them.
 */
export function withOutputs<T extends tables.Table, N extends NamedTypes = NoNames>(_table: T & (KnownOutputs<T, N> extends true ? unknown : KnownOutputs<T, N>)): PortalResourceWith<{ readonly [K in OutputName<T>]: pulumi.Output<OutputOf<T[K], N>> }> {
  return PortalResource as unknown as PortalResourceWith<TableOutputs<T, N>>;
}
