// FeatureService field domains: the plan lines of a domain change, the definition calls that make
// it, and the rules checked at preview (the Field domains section of the FeatureService page).
import { strict as assert } from "node:assert";
import { layerProblems, schemaChanges, type LayerMap } from "../../provider/resources/featureService/schema";
import { FEATURE_SERVICE_TABLE } from "../../provider/resources/featureService/table";
import { checkByTable } from "../../provider/resources/machinery/tableResource";

const kinds = (codes: Array<[string, number]>) => ({ type: "codedValue" as const, name: "Kinds", codedValues: codes.map(([name, code]) => ({ name, code })) });
const layer = (domain?: unknown): LayerMap => ({
  stations: { geometryType: "esriGeometryPoint", id: 0, fields: [{ name: "kind", type: "esriFieldTypeSmallInteger", ...(domain === undefined ? {} : { domain: domain as never }) }, { name: "name", type: "esriFieldTypeString" }] },
});

describe("FeatureService field domains", () => {
  it("a coded value added and one removed is one line naming both, sent as one updateDefinition", () => {
    const { lines, steps, losses } = schemaChanges("layers", layer(kinds([["Bus", 1], ["Tram", 2]])), layer(kinds([["Bus", 1], ["Metro", 3]])));
    assert.deepEqual(lines, ["~ layer stations", '~ field kind: domain coded values "Kinds" (2) → coded values "Kinds" (2): + "Metro" = 3, - "Tram" = 2']);
    assert.deepEqual(losses, []);
    assert.equal(steps.length, 1);
    assert.equal(steps[0]!.op, "updateDefinition");
    const sent = (steps[0]!.body.fields as Array<Record<string, unknown>>)[0]!;
    assert.deepEqual(sent.domain, { type: "codedValue", name: "Kinds", codedValues: [{ name: "Bus", code: 1 }, { name: "Metro", code: 3 }] });
  });

  it("a domain added, a range changed, and a domain removed (sent as null, which clears it)", () => {
    assert.deepEqual(schemaChanges("layers", layer(), layer(kinds([["Bus", 1]]))).lines[1], '~ field kind: domain (none) → coded values "Kinds" (1)');
    const range = (max: number) => ({ type: "range", name: "Kind range", range: [0, max] });
    assert.deepEqual(schemaChanges("layers", layer(range(5)), layer(range(9))).lines[1], '~ field kind: domain range "Kind range" [0, 5] → range "Kind range" [0, 9]');
    const removed = schemaChanges("layers", layer(kinds([["Bus", 1]])), layer());
    assert.equal(removed.lines[1], '~ field kind: domain coded values "Kinds" (1) → (none)');
    assert.equal((removed.steps[0]!.body.fields as Array<Record<string, unknown>>)[0]!.domain, null);
    assert.deepEqual(schemaChanges("layers", layer(kinds([["Bus", 1]])), layer(kinds([["Bus", 1]]))).lines, []);
  });

  it("a field added with a domain says so", () => {
    const was: LayerMap = { stations: { geometryType: "esriGeometryPoint", id: 0, fields: [{ name: "name", type: "esriFieldTypeString" }] } };
    assert.deepEqual(schemaChanges("layers", was, layer({ type: "range", name: "Kinds", range: [1, 3] })).lines, ["~ layer stations", '+ field kind (small integer, domain range "Kinds" [1, 3])']);
  });

  it("a new layer's fields carry their domains in addToDefinition", () => {
    const { steps } = schemaChanges("layers", {}, layer(kinds([["Bus", 1]])));
    const fields = ((steps[0]!.body.layers as Array<Record<string, unknown>>)[0]!.fields as Array<Record<string, unknown>>);
    assert.deepEqual(fields.find((f) => f.name === "kind")!.domain, { type: "codedValue", name: "Kinds", codedValues: [{ name: "Bus", code: 1 }] });
  });

  it("the preview rules name the field and the rule: duplicate codes, min above max, the wrong field type, the code's type", () => {
    const problems = (domain: unknown, type = "esriFieldTypeSmallInteger") => layerProblems("layers", "stations", { geometryType: "esriGeometryPoint", fields: [{ name: "kind", type, domain: domain as never }] });
    assert.deepEqual(problems(kinds([["Bus", 1], ["Coach", 1]])), ['layers.stations: field kind\'s codedValue domain "Kinds": code 1 is listed twice; each code once']);
    assert.deepEqual(problems({ type: "range", name: "R", range: [10, 2] }), ['layers.stations: field kind\'s range domain "R": its minimum 10 is above its maximum 2']);
    assert.match(problems({ type: "range", name: "R", range: [0, 1] }, "esriFieldTypeString")[0]!, /field kind's range domain "R" cannot apply to a String field \(a range domain applies to SmallInteger, Integer, Double, Single, Date\)/);
    assert.match(problems(kinds([["Bus", 1]]), "esriFieldTypeGUID")[0]!, /cannot apply to a GUID field/);
    assert.match(problems(kinds([["Bus", 1]]), "esriFieldTypeString")[0]!, /code 1 \(Bus\) must be a string on a String field/);
    assert.match(problems({ type: "codedValue", name: "K", codedValues: [{ name: "Half", code: 0.5 }] })[0]!, /code 0.5 \(Half\) must be a whole number on a SmallInteger field/);
    assert.deepEqual(problems(kinds([["Bus", 1], ["Tram", 2]])), []);
  });

  it("the property table refuses a domain of neither shape", () => {
    const field = (domain: unknown) => ({ name: "Stations", layers: { stations: { geometryType: "esriGeometryPoint", fields: [{ name: "kind", type: "esriFieldTypeInteger", domain }] } } });
    const { failures } = checkByTable(FEATURE_SERVICE_TABLE, field({ type: "list", name: "K" }) as never);
    assert.equal(failures.length, 1);
    assert.deepEqual([failures[0]!.property, failures[0]!.reason], ["layers.stations.fields[0].domain.type", '"list" matches none of the accepted shapes']);
    assert.equal(checkByTable(FEATURE_SERVICE_TABLE, field({ type: "range", name: "R", range: [1, 2] }) as never).failures.length, 0);
  });
});
