// Outputs declared once (issue 26 scope 4): each public class declares exactly the outputs its
// property table names, with the type the table's Outputs column shows (docs/resources/*.md), so
// a row and the class cannot drift apart.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { propertyTables as tables } from "../../provider";
import { outputType, type Table } from "../../provider/resources/machinery/propertyTable";

const root = path.resolve(__dirname, "..", "..");
const CLASSES: Array<[file: string[], table: Table]> = [
  [["portalItem.ts"], tables.PORTAL_ITEM],
  [["layerAppend.ts"], tables.LAYER_APPEND],
  [["itemStatus.ts"], tables.ITEM_STATUS],
  [["group.ts"], tables.GROUP_TABLE],
  [["groupMembership.ts"], tables.GROUP_MEMBERSHIP_TABLE],
  [["folder.ts"], tables.FOLDER_TABLE],
  [["categorySchema.ts", "organizationSchema.ts"], tables.CATEGORY_SCHEMA],
  [["memberCategorySchema.ts", "organizationSchema.ts"], tables.MEMBER_CATEGORY_SCHEMA],
];

/** `declare readonly name: pulumi.Output<T>;` lines of the class files, as name → `Output<T>`. */
function declared(files: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files) {
    const text = fs.readFileSync(path.join(root, "resources", f), "utf8");
    for (const m of text.matchAll(/declare readonly (\w+): pulumi\.(Output<.*>);/g)) out.set(m[1], m[2]);
  }
  return out;
}

/** Names the classes give a type the table writes out. */
const ALIASES: Record<string, string> = { ContentStatusValue: '"org_authoritative" | "public_authoritative" | "deprecated"' };
const normal = (t: string) => Object.entries(ALIASES).reduce((s, [alias, full]) => s.replace(new RegExp(`\\b${alias}\\b`, "g"), full), t).replace(/\s+/g, "");

describe("unit: each public class declares the outputs of its table (issue 26 scope 4)", () => {
  for (const [files, table] of CLASSES) {
    it(`${files[0]}: the same names, with the table's types`, () => {
      const inClass = declared(files);
      const inTable = new Map(tables.outputKeys(table).map((k) => [k, outputType(table[k])]));
      assert.deepEqual([...inClass.keys()].sort(), [...inTable.keys()].sort());
      const differ = [...inTable].filter(([k, t]) => normal(t) !== normal(inClass.get(k)!)).map(([k, t]) => `${k}: table ${t}, class ${inClass.get(k)}`);
      assert.deepEqual(differ, []);
    });
  }

  it("the check reads declarations", () => {
    assert.equal(declared(["group.ts"]).get("groupId"), "Output<string>");
  });
});
