// The props a public class hands to dynamic.Resource, from its resource's property table
// (provider/resources/machinery/propertyTable.ts): the arguments given, then every output property with
// no value yet (each needs a key in props to become an output). An argument left out is left out
// here too: the SDK sends no undefined property, and it makes an Output and its promises for every
// key of props — a PortalItem's 42 arguments made a no-change preview's program spend a quarter
// more than a do-nothing resource with the same state. The class's Args are generated from the same
// table (`npm run gen`), so they name exactly its arguments.
import { propertyTables as tables } from "../provider";

/** The props of a class's arguments: the given arguments of the table, and a key per output. */
export function propsOf(table: tables.Table, args: object): Record<string, unknown> {
  const given = args as Record<string, unknown>;
  const props: Record<string, unknown> = Object.fromEntries(
    tables
      .argumentKeys(table)
      .filter((key) => given[key] !== undefined)
      .map((key) => [key, given[key]]),
  );
  for (const key of tables.outputKeys(table)) if (!(key in props)) props[key] = undefined;
  return props;
}
