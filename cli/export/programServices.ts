// The FeatureService lines of an exported program: one per hosted feature service, adopted by its
// item id (`adoptItemId`) with its name, item fields, service properties, layers and tables as the
// portal holds them (provider: hostedServices.exportedService), so the first `up` writes nothing.
import type { ExportedItem } from "./read";
import { literal, propertyKey } from "./literal";

const q = JSON.stringify;
const SERVICE_ARGS = ["name", "title", "tags", "snippet", "description", "capabilities", "maxRecordCount", "spatialReference", "allowGeometryUpdates"];
const LAYER_ARGS = ["geometryType", "fields", "indexes", "displayField", "objectIdField", "globalIdField"];

/** A layer's or table's properties, a field or an index per line. */
function layerLines(name: string, layer: Record<string, unknown>): string[] {
  const lines = [`    ${propertyKey(name)}: {`];
  for (const k of LAYER_ARGS) {
    const v = layer[k];
    if (v === undefined) continue;
    if (Array.isArray(v)) lines.push(`      ${k}: [`, ...v.map((x) => `        ${literal(x, "        ")},`), "      ],");
    else lines.push(`      ${k}: ${q(v)},`);
  }
  lines.push("    },");
  return lines;
}

/** A hosted feature service's FeatureService. */
export function serviceLines(e: ExportedItem, ident: string): string[] {
  const i = e.item;
  const spec = e.service!.spec;
  const args = [`  adoptItemId: ${q(i.id)},`];
  for (const k of SERVICE_ARGS) if (spec[k] !== undefined) args.push(`  ${k}: ${literal(spec[k], "  ")},`);
  for (const kind of ["layers", "tables"]) {
    const map = spec[kind] as Record<string, Record<string, unknown>> | undefined;
    if (!map) continue;
    args.push(`  ${kind}: {`, ...Object.entries(map).flatMap(([n, l]) => layerLines(n, l)), "  },");
  }
  return [
    `// ${q(i.title)} (hosted Feature Service), owner ${i.owner}, item ${i.id}: its folder and sharing stay as the portal holds them`,
    `const ${ident} = new portal.FeatureService(${q(e.name)}, {`,
    ...args,
    "}, adopted);",
  ];
}
