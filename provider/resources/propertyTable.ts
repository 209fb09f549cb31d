// One property table per resource (docs/decisions.md "one property table per resource"): every fact
// about a property sits in its row, and the lists the provider methods, the public class and the
// docs page need are derived from the rows here.
import type { z } from "zod";

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
  /** The request field it is checked and sent as (seed names), when that differs from nothing. */
  wire?: string;
  /** Sent as an item property by name `wire` with add, commit and update (otherwise sent by code of its own). */
  sent?: boolean;
  change?: Change;
  /** Compared only when the argument is set (the portal fills it in otherwise). */
  whenSet?: boolean;
  /** Kept as a Pulumi secret in state (additionalSecretOutputs), shown as [secret] in plans. */
  secret?: boolean;
  /** A comma-delimited text is normalized to a list at check. */
  list?: boolean;
  /**
   * Read-back: `held` — the portal's value of field `read` comes back as the input on refresh, so an
   * edit in the web UI is drift; `custom` — read back by code of its own; unset — kept as given.
   */
  drift?: "held" | "custom";
  /** The field of the read item that `held` compares. */
  read?: string;
  /** One line for the docs table (Arguments; Outputs for an output-only row). */
  doc: string;
  /** The Outputs line of an argument that is also an output. */
  outputDoc?: string;
}

export type Table = Record<string, Property>;

/** The names of the rows that pass `test`, in table order. */
export function keysWhere<T extends Table>(table: T, test: (p: Property, key: string) => boolean): (keyof T & string)[] {
  return Object.entries(table)
    .filter(([k, p]) => test(p, k))
    .map(([k]) => k);
}

/** Kept in the checked inputs (and so diffed): arguments and computed values. */
export const inputKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.role !== "output");
/** The declared outputs of the public class. */
export const outputKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.role === "output" || p.output === true);
/** A change of these needs a new resource. */
export const replaceKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.change === "replace");
/** additionalSecretOutputs. */
export const secretKeys = <T extends Table>(t: T) => keysWhere(t, (p) => p.secret === true);

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

const CHANGE_WORD: Record<Change, string> = { update: "updates", replace: "**replaces**", ignore: "—" };

/** The Arguments table of a docs page. */
export function argumentsTable(table: Table): string {
  const rows = Object.entries(table)
    .filter(([, p]) => p.role === "argument")
    .map(([k, p]) => {
      const drift = p.drift === "held" ? "An edit in the portal is drift on refresh." : "";
      const notes = [p.required ? "Required." : "", p.doc, drift, p.secret ? "Kept as a Pulumi secret in state." : ""].filter((s) => s !== "").join(" ");
      return `| \`${k}\` | ${CHANGE_WORD[p.change ?? "update"]} | ${cell(notes)} |`;
    });
  return ["| Name | On change | Rules |", "|---|---|---|", ...rows].join("\n");
}

/** The Outputs table of a docs page. */
export function outputsTable(table: Table): string {
  const rows = Object.entries(table)
    .filter(([, p]) => p.role === "output" || p.output === true)
    .map(([k, p]) => `| \`${k}\` | ${cell(p.role === "output" ? p.doc : (p.outputDoc ?? p.doc))}${p.secret ? " Secret." : ""} |`);
  return ["| Name | Meaning |", "|---|---|", ...rows].join("\n");
}
