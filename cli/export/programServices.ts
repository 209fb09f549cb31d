// The FeatureService lines of an exported program: one per hosted feature service, adopted by its
// item id (`adoptItemId`) with its name, item fields, service properties, layers and tables as the
// portal holds them (provider: hostedServices.exportedService), and its folder and sharing as a
// PortalItem's are written (a Folder's and Groups' outputs where exported), so the first `up` writes nothing.
import type { ExportedItem } from "./read";
import { literal, propertyKey } from "./literal";
import { folderArg, sharingArg } from "./programGroups";

const q = JSON.stringify;
const ITEM_ARGS = ["name", "title", "tags", "snippet", "description"];
const SERVICE_ARGS = ["capabilities", "maxRecordCount", "spatialReference", "allowGeometryUpdates"];
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

/** A hosted feature service's FeatureService; its folder and sharing by `refs` (program.ts ProgramRefs), as a PortalItem's. */
export function serviceLines(e: ExportedItem, ident: string, refs: { folders: Map<string, string>; groups: Map<string, string> }): string[] {
  const i = e.item;
  const spec = e.service!.spec;
  const args = [`  adoptItemId: ${q(i.id)},`];
  const put = (keys: string[]) => {
    for (const k of keys) if (spec[k] !== undefined) args.push(`  ${k}: ${literal(spec[k], "  ")},`);
  };
  put(ITEM_ARGS);
  const folder = folderArg(i.ownerFolder, refs.folders);
  if (folder) args.push(`  folder: ${folder},`);
  const sharing = sharingArg(i.access, e.groups, refs.groups);
  if (sharing) args.push(`  sharing: ${sharing},`);
  put(SERVICE_ARGS);
  for (const kind of ["layers", "tables"]) {
    const map = spec[kind] as Record<string, Record<string, unknown>> | undefined;
    if (!map) continue;
    args.push(`  ${kind}: {`, ...Object.entries(map).flatMap(([n, l]) => layerLines(n, l)), "  },");
  }
  return [
    `// ${q(i.title)} (hosted Feature Service), owner ${i.owner}, item ${i.id}`,
    `const ${ident} = new portal.FeatureService(${q(e.name)}, {`,
    ...args,
    "}, adopted);",
  ];
}
