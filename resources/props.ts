// The props a public class hands to dynamic.Resource, from its resource's property table
// (provider/resources/machinery/propertyTable.ts): the arguments given, then every output property with
// no value yet (each needs a key in props to become an output). An argument left out is left out
// here too: the SDK sends no undefined property, and it makes an Output and its promises for every
// key of props — a PortalItem's 42 arguments made a no-change preview's program spend a quarter
// more than a do-nothing resource with the same state (issue 28).
import { propertyTables as tables } from "../provider";

/** `unknown` when `A` (a class's Args) names exactly the arguments of table `T`; otherwise what is missing or extra, so the call fails to compile. */
export type ArgsOf<T extends tables.Table, A> = tables.SameKeys<keyof A, tables.ArgumentName<T>> extends true ? unknown : tables.SameKeys<keyof A, tables.ArgumentName<T>>;

/** The props of a class whose Args names exactly its table's arguments (checked at compile time). */
export function propsOf<T extends tables.Table, A extends object>(table: T, args: A & ArgsOf<T, A>): Record<string, unknown> {
  const given = args as Record<string, unknown>;
  const props: Record<string, unknown> = Object.fromEntries(tables.argumentKeys(table).filter((key) => given[key] !== undefined).map((key) => [key, given[key]]));
  for (const key of tables.outputKeys(table)) if (!(key in props)) props[key] = undefined;
  return props;
}
