// The props provider methods take and give, derived from the property tables: each row of a table
// is a key, typed by its rule (z.output: the value check hands on) or unknown for computed and output
// rows that have none. Raw inputs before check are RawInputs (state.ts): any shape.
import type { z } from "zod";
import type { Table } from "./propertyTable";

/** A row's value: its rule's output when it has one, else unknown. */
type ValueOf<R> = R extends { rule: z.ZodType } ? z.output<R["rule"]> : unknown;

/** Checked inputs and state of a resource: the rows of its table, each optional; and the URN the class passes. */
export type PropsOf<T extends Table> = { -readonly [K in keyof T]?: ValueOf<T[K]> } & { __urn?: string; [key: string]: unknown };

