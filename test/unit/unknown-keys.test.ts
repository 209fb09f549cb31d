// Issue 29 scope 4, the keys a program writes: a misspelled key in a category tree written in the
// program, in `sharing`, in `listingProperties` or in a table resource's inputs fails at its own
// path with the closest known key ("did you mean"), instead of being dropped or sent as given.
import assert from "node:assert/strict";
import { categorySchema, memberCategorySchema } from "../../provider/resources/categorySchema/provider";
import { rulesOf } from "../../provider/resources/machinery/tableResource";
import { GROUP_TABLE } from "../../provider/resources/group/table";
import { sharingRule } from "../../provider/resources/portalItem/sharingRule";
import { checkInputs, contentCategorySchemaInput, memberCategorySchemaInput } from "../../provider/rules";
import { listingProperties } from "../../provider/rules/listing";
import { UNKNOWN } from "../../provider/rules/unknown";

const fails = (schema: Parameters<typeof checkInputs>[0], input: unknown) => checkInputs(schema, input).failures;

describe("unit: unknown keys fail with a suggestion (issue 29 scope 4)", () => {
  it("a content tree written in the program: `categoires` fails at its path, did you mean categories", () => {
    const got = fails(contentCategorySchemaInput, { categorySchema: [{ title: "Categories", categoires: [{ title: "Water" }] }] });
    assert.deepEqual(got, [{ property: "categorySchema[0].categoires", reason: 'unknown property; did you mean "categories"? (known: title, description, categories)' }]);
    const deeper = fails(contentCategorySchemaInput, { categorySchema: [{ title: "C", categories: [{ title: "W", descripton: "d" }] }] });
    assert.equal(deeper.length, 1);
    assert.equal(deeper[0].property, "categorySchema[0].categories[0].descripton");
    assert.match(deeper[0].reason, /did you mean "description"\?/);
    // every problem at once: a limit and a typo in the same tree
    const both = fails(contentCategorySchemaInput, { categorySchema: [{ title: "x".repeat(101), titel: "y" }] });
    assert.deepEqual(both.map((f) => f.property).sort(), ["categorySchema[0].title", "categorySchema[0].titel"].sort());
    // known keys and unknown values still pass
    assert.deepEqual(fails(contentCategorySchemaInput, { categorySchema: [{ title: "C", description: "d", categories: [{ title: UNKNOWN }] }] }), []);
  });

  it("a member tree: a content-only key (description) and a typo fail", () => {
    const got = fails(memberCategorySchemaInput, { memberCategorySchema: [{ title: "Staff", description: "d", categories: [{ title: "A", categries: [] }] }] });
    assert.deepEqual(got.map((f) => f.property).sort(), ["memberCategorySchema[0].categories[0].categries", "memberCategorySchema[0].description"]);
    assert.match(got.find((f) => f.property.endsWith("categries"))!.reason, /did you mean "categories"\?/);
    assert.match(got.find((f) => f.property.endsWith("description"))!.reason, /unknown property \(known: title, categories\)/);
  });

  it("the category schema resources' check: the failure names the node's title path, nothing is sent", async () => {
    const r = await categorySchema.check!({}, { categorySchema: [{ title: "Categories", categories: [{ title: "Water", categoires: [{ title: "Rivers" }] }] }] });
    assert.deepEqual(r.failures, [{ property: "categorySchema[0].categories[0].categoires", reason: 'Categories/Water: unknown property; did you mean "categories"? (known: title, description, categories)' }]);
    const m = await memberCategorySchema.check!({}, { memberCategorySchema: [{ titel: "Staff" }] });
    assert.ok(m.failures!.some((f) => f.property === "memberCategorySchema[0].titel" && /did you mean "title"\?/.test(f.reason)), JSON.stringify(m.failures));
  });

  it("a misspelled key whose value is unknown at preview still fails (the key is known; only an unknown node hides it)", async () => {
    const m = await memberCategorySchema.check!({}, { memberCategorySchema: [{ title: "Staff", categries: UNKNOWN }] });
    assert.ok(m.failures!.some((f) => f.property === "memberCategorySchema[0].categries" && /did you mean "categories"\?/.test(f.reason)), JSON.stringify(m.failures));
    // the fuzz test's counterexample: an empty key
    const e = await memberCategorySchema.check!({}, { memberCategorySchema: [{ title: "!", "": UNKNOWN }] });
    assert.ok(e.failures!.some((f) => /unknown property/.test(f.reason)), JSON.stringify(e.failures));
    assert.deepEqual(fails(sharingRule, { access: "org", grups: UNKNOWN }).map((f) => f.property), ["grups"]);
    // a whole node unknown at preview is checked at update
    assert.deepEqual((await memberCategorySchema.check!({}, { memberCategorySchema: [UNKNOWN] })).failures ?? [], []);
  });

  it("sharing: `acess` fails with did you mean access (not 'unknown properties: acess')", () => {
    const got = fails(sharingRule, { acess: "org" });
    assert.ok(got.some((f) => f.property === "acess" && /^unknown property; did you mean "access"\?/.test(f.reason)), JSON.stringify(got));
    assert.ok(got.some((f) => f.property === "access"), "access is still required");
    assert.deepEqual(fails(sharingRule, { access: "org", grups: ["a".repeat(32)] }), [{ property: "grups", reason: 'unknown property; did you mean "groups"? (known: access, groups)' }]);
    assert.deepEqual(fails(sharingRule, { access: "public", groups: ["a".repeat(32)] }), []);
  });

  it("listingProperties: `licenceType` fails with did you mean licenseType; the known keys pass", () => {
    const got = fails(listingProperties, { licenceType: "perUser", priceType: "free" });
    assert.equal(got.length, 1);
    assert.equal(got[0].property, "licenceType");
    assert.match(got[0].reason, /^unknown property; did you mean "licenseType"\?/);
    const ok = { licenseType: "perUser", priceType: "paid", priceDesc: "10 USD", creditsPerTransaction: 1, trialSupported: true, trialDuration: 30, ecommerceEnabled: false, licensingModel: "consumption" };
    assert.deepEqual(fails(listingProperties, ok), []);
    // the key rule and the value rules report together
    const both = fails(listingProperties, { priceType: "paid", trialDurration: 3 });
    assert.deepEqual(both.map((f) => f.property).sort(), ["priceDesc", "trialDurration"]);
  });

  it("a table resource's rules (rulesOf) are strict: an unknown key fails with the closest argument", () => {
    const got = fails(rulesOf(GROUP_TABLE), { title: "Field crews", access: "org", snipet: "x" });
    assert.equal(got.length, 1);
    assert.equal(got[0].property, "snipet");
    assert.match(got[0].reason, /did you mean "snippet"\?/);
    assert.deepEqual(fails(rulesOf(GROUP_TABLE), { title: "Field crews", access: "org" }), []);
  });
});
