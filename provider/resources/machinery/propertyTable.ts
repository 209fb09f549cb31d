// One property table per resource (docs/decisions.md "one property table per resource"): every fact
// about a property sits in its row, and the lists the provider methods, the public class and the
// docs page need are derived from the rows here.
import type { z } from "zod";
import { ruleType } from "./ruleType";

/**
 * - `argument`: given by the program (an Args field), kept in the checked inputs;
 * - `computed`: set by check itself and kept in the checked inputs (a file's hash, bookkeeping);
 * - `output`: only in the outputs, read back from the portal.
 */
export type Role = "argument" | "computed" | "output";

/** What a changed value does: an update in place, a new resource, or nothing (bookkeeping). */
export type Change = "update" | "replace" | "ignore";

export interface Property {
  role: Role;
  /** Also a declared output of the public class (an argument the portal fills in, or a computed value). */
  output?: boolean;
  /** The argument is required. */
  required?: boolean;
  /** The value rule; for a PortalItem row with `wire`, the core item schema's rule of that field. */
  rule?: z.ZodType;
  /** The request field it is checked and sent as (docs/spec.md names), when that differs from nothing. */
  wire?: string;
  change?: Change;
  /** Compared only when the argument is set (the portal fills it in otherwise). */
  whenSet?: boolean;
  /** Kept as a Pulumi secret in state (additionalSecretOutputs), shown as [secret] in plans. */
  secret?: boolean;
  /**
   * Normalized to a list at check: `true` — a comma-delimited text is split; `"one"` — a single value
   * becomes a one-element list (a field that takes one or many, such as a URL that may repeat).
   */
  list?: true | "one";
  /**
   * A local file (a path relative to the project directory): check requires a readable regular file
   * and records its size and SHA-256 under these computed rows, so a changed file is a diff; `xml`
   * also requires the file to start with an XML declaration or element.
   */
  file?: { size: string; sha256: string; xml?: true };
  /**
   * Read-back: `held` — the portal's value of field `read` comes back as the input on refresh, so an
   * edit in the web UI is drift; `custom` — read back by code of its own; unset — kept as given.
   */
  drift?: "held" | "custom";
  /** The field of the read item that `held` compares, or that an output is taken from. */
  read?: string;
  /** Read by check only (a planning switch such as `adopt`), not kept in the checked inputs. */
  transient?: boolean;
  /**
   * The argument's public TypeScript type (`Input<string | Input<string>[]>`), as the generated Args
   * and the docs table show it; unset: read from the rule (ruleType.ts).
   */
  type?: string;
  /** The output's public type (`Output<string>`), as the generated outputs and the Outputs table show it. */
  outputType?: string;
  /** Fields of a nested argument (a tree node), listed after it in the docs as `…name`. */
  nested?: Record<string, { type?: string; doc: string }>;
  /** One line for the docs table (Arguments; Outputs for an output-only row). */
  doc: string;
  /** The Outputs line of an argument that is also an output. */
  outputDoc?: string;
}

/**
 * The facets only PortalItem's rows have (an item field sent by name, adopted and exported): a row
 * of another table that names one fails to compile (its table `satisfies Table`, without them).
 */
export interface ItemFacets {
  /** Sent as an item property by name `wire` with add, commit and update (otherwise sent by code of its own). */
  sent?: boolean;
  /** JSON given as its text is parsed at check, so state, diff and refresh compare values, not texts. */
  json?: true;
  /**
   * How a sent value goes on the wire when it is a list or an object: `json-array` — a list as a JSON
   * array (its values may hold commas); `comma-list` — a list as comma-delimited text; `json-text` —
   * an object as its JSON text. Unset: the transport's default (a list of scalars comma-delimited,
   * anything else as JSON text; provider/rest/body.ts).
   */
  encoding?: "json-array" | "comma-list" | "json-text";
  /**
   * PortalItem adoption (`adoptItemId`): `compared` — a set value that differs from the item is what
   * the adoption writes; `not-compared` — the portal does not give it back, so it is taken as given;
   * `identity` — says which item, or how the resource works, not an item field.
   */
  adopt?: "compared" | "not-compared" | "identity";
  /**
   * `pulumi-gis-portal export`: `copied` — the item's field (`read`, else the row's name) written as it
   * is; `custom` — written by code of its own (cli/export/program.ts); `no` — not written.
   */
  exported?: "copied" | "custom" | "no";
}

/** A row of a resource's table: the facets every resource has, and those of its own (`F`). */
export type Row<F extends object = object> = Property & F;
/** A resource's table: its rows by name, each a Row with the resource's facets. */
export type Table<F extends object = object> = Record<string, Row<F>>;

/** The computed rows a `thumbnailFile` argument's `file` facet names: its size and SHA-256 (Group, Member). */
export const THUMBNAIL_FILE_OUTPUTS: Table = {
  thumbnailSize: {
    role: "computed",
    doc: "The size of `thumbnailFile` in bytes.",
  },
  thumbnailSha256: {
    role: "computed",
    doc: "The SHA-256 of `thumbnailFile`.",
  },
};

/** The names of the rows that pass `test`, in table order. */
export function keysWhere<T extends Table>(
  table: T,
  test: (p: Property, key: string) => boolean,
): (keyof T & string)[] {
  return Object.entries(table)
    .filter(([k, p]) => test(p, k))
    .map(([k]) => k);
}

/** Kept in the checked inputs (and so diffed): arguments and computed values. */
export const inputKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.role !== "output" && p.transient !== true);
/** The argument names of a table (the fields of its public Args). */
export type ArgumentName<T extends Table> = {
  [K in keyof T]: T[K] extends { role: "argument" } ? K : never;
}[keyof T] &
  string;
/** `true` when A and B are the same set of names; otherwise what is missing or extra (a compile error at the use). */
export type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never]
  ? true
  : { missing: Exclude<B, A>; extra: Exclude<A, B> };
/** The arguments of the public class (its Args fields). */
export const argumentKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.role === "argument") as ArgumentName<T>[];
/** The declared outputs of the public class. */
export const outputKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.role === "output" || p.output === true);
/** A change of these needs a new resource. */
export const replaceKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.change === "replace");
/** additionalSecretOutputs. */
export const secretKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.secret === true);

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

const CHANGE_WORD: Record<Change, string> = { update: "updates", replace: "**replaces**", ignore: "—" };

const code = (s: string | undefined) => (s === undefined ? "" : `\`${cell(s)}\``);

/** `T` as `Input<T>` (or `Output<T>`) unless the row already wrote it so. */
const wrapped = (kind: "Input" | "Output", t: string) => (t.startsWith(`${kind}<`) ? t : `${kind}<${t}>`);
/** The Type column of an argument: the row's `type`, else read from its rule. */
export const argumentType = (p: Property): string => wrapped("Input", p.type ?? ruleType(p.rule));
/** The Type column of an output: the row's `outputType`, else its argument's type read from the rule. */
export const outputType = (p: Property): string => wrapped("Output", p.outputType ?? ruleType(p.rule));

/** The Arguments table of a docs page. */
export function argumentsTable(table: Table): string {
  const args = Object.entries(table).filter(([, p]) => p.role === "argument");
  const rows = args.flatMap(([k, p]) => {
    const drift = p.drift === "held" ? "An edit in the portal is drift on refresh." : "";
    const secret = p.secret ? "Kept as a Pulumi secret in state." : "";
    const notes = [p.required ? "Required." : "Optional.", p.doc, drift, secret].filter((s) => s !== "").join(" ");
    const type = ` ${code(argumentType(p))} |`;
    const nestedType = (t: string | undefined) => code(t === undefined ? undefined : wrapped("Input", t));
    const nestedRow = ([n, f]: [string, { type?: string; doc: string }]) =>
      `| \`…${n}\` | ${nestedType(f.type)} | | ${cell(f.doc)} |`;
    const nested = Object.entries(p.nested ?? {}).map(nestedRow);
    const change = p.transient === true ? "—" : CHANGE_WORD[p.change ?? "update"];
    return [`| \`${k}\` |${type} ${change} | ${cell(notes)} |`, ...nested];
  });
  const head = ["| Name | Type | On change | Rules |", "|---|---|---|---|"];
  return [...head, ...rows].join("\n");
}

/** The Outputs table of a docs page. */
export function outputsTable(table: Table): string {
  const outs = Object.entries(table).filter(([, p]) => p.role === "output" || p.output === true);
  const doc = (p: Property) => (p.role === "output" ? p.doc : (p.outputDoc ?? p.doc));
  const meaning = (p: Property) => cell(doc(p)) + (p.secret ? " Secret." : "");
  const rows = outs.map(([k, p]) => `| \`${k}\` | ${code(outputType(p))} | ${meaning(p)} |`);
  const head = ["| Name | Type | Meaning |", "|---|---|---|"];
  return [...head, ...rows].join("\n");
}
