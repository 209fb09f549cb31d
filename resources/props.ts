// The props a public class hands to dynamic.Resource, from its resource's property table
// (provider/resources/machinery/propertyTable.ts): the arguments as given, then every output property with
// no value yet (each needs a key in props to become an output).
import { propertyTables as tables } from "../provider";

export function propsOf(table: tables.Table, args: object): Record<string, unknown> {
  const given = args as Record<string, unknown>;
  const props: Record<string, unknown> = Object.fromEntries(tables.argumentKeys(table).map((key) => [key, given[key]]));
  for (const key of tables.outputKeys(table)) if (!(key in props)) props[key] = undefined;
  return props;
}
