// The PortalItem property table reaches every place a property is used: this test walks the rows,
// so a row added to provider/resources/portalItem/table.ts is checked here with no test change —
// check names it in a failure, diff updates or replaces on it as the row says, addItem/commit and
// update send it under its wire name, refresh reads a `held` field back as drift, and the docs page
// lists it. (The public PortalItemArgs must name it too: tsc fails otherwise, resources/portalItem.ts.)
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ItemFacets, Row, SameKeys } from "../../provider/resources/machinery/propertyTable";
import type { PortalItemArgs } from "../../resources";
import type { PortalItemArgName } from "../../provider/resources/portalItem/table";

// The public Args are the table's argument rows, every one (a compile error here otherwise: the type check runs over tests).
const argsAreRows: SameKeys<keyof PortalItemArgs, PortalItemArgName> = true;
void argsAreRows;
import { diffPortalItem, changedKeys } from "../../provider/resources/portalItem/diff";
import { itemProperties } from "../../provider/resources/portalItem/fields";
import { inputFailures } from "../../provider/resources/portalItem/input";
import { inputsAsHeld, outputsOf } from "../../provider/resources/portalItem/read";
import { INPUT_KEYS, PORTAL_ITEM, PROPERTY_FIELDS, SECRET_KEYS } from "../../provider/resources/portalItem/table";
import { updateFields } from "../../provider/resources/portalItem/update";

const rows = Object.entries(PORTAL_ITEM as Record<string, Row<ItemFacets>>);
const args = rows.filter(([, p]) => p.role === "argument");
const page = readFileSync(join(__dirname, "..", "..", "docs", "resources", "portal-item.md"), "utf8");

describe("PortalItem property table: every row reaches check, diff, request, read-back and docs", () => {
  it("the inputs kept in state are the arguments and computed rows, in table order", () => {
    assert.deepEqual([...INPUT_KEYS], rows.filter(([, p]) => p.role !== "output").map(([k]) => k));
  });

  for (const [key, p] of args) {
    // a row without a zod rule (checked by a cross-field rule only) has nothing to break here
    if (p.rule !== undefined) {
      it(`${key}: check names it when its value breaks its rule`, () => {
        const wrong = () => 0; // no rule of an argument accepts a function
        const failures = inputFailures({ [key]: wrong }, key === "itemIdToCreate" ? wrong : undefined);
        assert.ok(failures.some((f) => f.property === key), `${key}: ${JSON.stringify(failures)}`);
      });
    }

    it(`${key}: diff ${p.change ?? "update"}s on a change`, () => {
      const result = diffPortalItem({ [key]: "a" }, { [key]: "b" });
      assert.equal(changedKeys({ [key]: "a" }, { [key]: "b" }).includes(key), p.change !== "ignore");
      assert.equal(result.replaces.includes(key), p.change === "replace");
    });

    it(`${key}: the docs page lists it`, () => {
      assert.ok(page.includes(`| \`${key}\` |`));
    });
  }

  for (const [key, p] of args.filter(([, r]) => r.sent === true)) {
    it(`${key}: addItem/commit and update send it as ${p.wire}`, () => {
      assert.equal(PROPERTY_FIELDS[key], p.wire);
      assert.notEqual(itemProperties({ [key]: "x" })[p.wire!], undefined);
      assert.notEqual(updateFields({}, { [key]: "x" }).item[p.wire!], undefined);
      // a removed property is cleared, unless the table compares it only when set (the portal's value stays)
      const cleared = updateFields({ [key]: "x" }, {}).item;
      if (p.whenSet === true) assert.equal(cleared[p.wire!], undefined);
      else {
        assert.equal(cleared[p.wire!], "");
        assert.equal(cleared.clearEmptyFields, true);
      }
    });
  }

  for (const [key, p] of args.filter(([, r]) => r.drift === "held")) {
    it(`${key}: refresh reads the portal's ${p.read} back, so an edit in the web UI is drift`, () => {
      const held = inputsAsHeld({ [key]: "as declared" }, { id: "i", owner: "o", title: "t", type: "CSV", [p.read!]: "edited" }, []);
      assert.equal(held[key], "edited");
    });
  }

  for (const [key, p] of rows.filter(([, r]) => (r.role === "output" || r.output === true) && r.read !== undefined)) {
    it(`${key}: the output is the portal's ${p.read}`, () => {
      const outs = outputsOf({}, { id: "i", owner: "o", title: "t", type: "CSV", [p.read!]: "held" }, []);
      assert.equal(outs[key], "held");
    });
  }

  it("secret rows are the secret outputs", () => {
    assert.deepEqual([...SECRET_KEYS], rows.filter(([, p]) => p.secret === true).map(([k]) => k));
  });
});

describe("PortalItem rows name adoption and export (issue 26: the row is the only place a field is named)", () => {
  const { PORTAL_ITEM, ADOPT_COMPARED, ADOPT_NOT_COMPARED, EXPORT_COPIED } = require("../../provider/resources/portalItem/table") as typeof import("../../provider/resources/portalItem/table");
  const rows = Object.entries(PORTAL_ITEM) as Array<[string, { role: string; adopt?: string; exported?: string; read?: string; drift?: string }]>;

  it("every argument row says how adoption treats it and how export writes it", () => {
    for (const [key, row] of rows.filter(([, r]) => r.role === "argument")) {
      assert.ok(["compared", "not-compared", "identity"].includes(row.adopt ?? ""), `${key}: adopt facet`);
      assert.ok(["copied", "custom", "no"].includes(row.exported ?? ""), `${key}: exported facet`);
    }
    for (const [key, row] of rows.filter(([, r]) => r.role !== "argument")) assert.equal(row.adopt ?? row.exported, undefined, `${key}: not an argument`);
  });

  it("the lists adoption and export use are the rows' facets; export copies the item's field the row reads", () => {
    assert.deepEqual([...ADOPT_COMPARED], rows.filter(([, r]) => r.adopt === "compared").map(([k]) => k));
    assert.deepEqual([...ADOPT_NOT_COMPARED].sort(), ["dataUrl", "servicePassword", "thumbnailFile", "thumbnailUrl"]);
    for (const [arg, field] of EXPORT_COPIED) {
      const row = PORTAL_ITEM[arg as keyof typeof PORTAL_ITEM] as { read?: string };
      assert.equal(field, row.read ?? arg, arg);
    }
  });
});
