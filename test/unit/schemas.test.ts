// Input schemas (spec.md#design-check, spec.md#limits): each limit refused with a full property path and a
// reason stating the limit and the actual value; unknown preview values pass.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runtime } from "@pulumi/pulumi";
import { CONTENT_CATEGORIES, MEMBER_CATEGORIES } from "../../spec/limits";
import * as s from "../../provider/rules";

const fails = (schema: Parameters<typeof s.checkInputs>[0], input: unknown) => s.checkInputs(schema, input).failures;
const ID = "a".repeat(32);
const deep = (levels: number): s.CategoryNodeInput => (levels === 1 ? { title: "leaf" } : { title: `L${levels}`, categories: [deep(levels - 1)] });

describe("unit: input schemas (spec.md#limits)", () => {
  it("the unknown sentinel equals @pulumi/pulumi's runtime.unknownValue", () => {
    assert.equal(s.UNKNOWN, runtime.unknownValue);
  });

  it("2.3/8: a title of 112 characters is refused at its full path", () => {
    const input = { categorySchema: [{ title: "Categories", categories: [{ title: "a" }, { title: "b" }, { title: "c" }, { title: "x".repeat(112) }] }] };
    assert.deepEqual(fails(s.contentCategorySchemaInput, input), [{ property: "categorySchema[0].categories[3].title", reason: "112 characters; at most 100" }]);
  });

  it("2.3/8: description over 300, 6 trees, 5 levels, 201 categories, empty", () => {
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: [{ title: "A", description: "d".repeat(301) }] }), [{ property: "categorySchema[0].description", reason: "301 characters; at most 300" }]);
    const six = Array.from({ length: CONTENT_CATEGORIES.maxTrees + 1 }, (_, i) => ({ title: `T${i}` }));
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: six }), [{ property: "categorySchema", reason: "6 trees; at most 5" }]);
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: [deep(4)] }), []);
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: [deep(5)] }), [{ property: "categorySchema[0].categories[0].categories[0].categories[0].categories[0]", reason: "level 5; at most 4 levels" }]);
    const many = [{ title: "Root", categories: Array.from({ length: CONTENT_CATEGORIES.maxCategories }, (_, i) => ({ title: `c${i}` })) }];
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: many }), [{ property: "categorySchema", reason: "201 categories in total; at most 200" }]);
    assert.match(fails(s.contentCategorySchemaInput, { categorySchema: [] })[0].reason, /empty.*ORG_1132/);
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: [{ title: "  " }] }), [{ property: "categorySchema[0].title", reason: "only blanks; a value is required" }]);
  });

  it("2.4/4.2: member schema nests 3 levels and holds at most 200", () => {
    assert.deepEqual(fails(s.memberCategorySchemaInput, { memberCategorySchema: [deep(3)] }), []);
    assert.equal(fails(s.memberCategorySchemaInput, { memberCategorySchema: [deep(4)] })[0].reason, `level 4; at most ${MEMBER_CATEGORIES.maxLevels} levels`);
    const flat = Array.from({ length: 201 }, (_, i) => ({ title: `m${i}` }));
    assert.deepEqual(fails(s.memberCategorySchemaInput, { memberCategorySchema: flat }), [{ property: "memberCategorySchema", reason: "201 categories in total; at most 200" }]);
  });

  it("2.1/8: title, snippet, description, itemIdToCreate, culture", () => {
    const base = { title: "t", type: "CSV" };
    assert.deepEqual(fails(s.addItemInput, { ...base, title: "x".repeat(257) }), [{ property: "title", reason: "257 characters; at most 256" }]);
    assert.deepEqual(fails(s.addItemInput, { ...base, snippet: "x".repeat(2049) }), [{ property: "snippet", reason: "2049 characters; at most 2048" }]);
    assert.match(fails(s.addItemInput, { ...base, description: "é".repeat(32768) })[0].reason, /^65536 bytes; less than 65536/);
    assert.deepEqual(fails(s.addItemInput, { ...base, description: "x".repeat(65535) }), []);
    assert.match(fails(s.addItemInput, { ...base, itemIdToCreate: "abc" })[0].reason, /3 characters; an item id is exactly 32 letters or digits/);
    assert.match(fails(s.addItemInput, { ...base, itemIdToCreate: "-".repeat(32) })[0].reason, /other than letters and digits/);
    assert.deepEqual(fails(s.addItemInput, { ...base, itemIdToCreate: ID, culture: "en-US" }), []);
    assert.deepEqual(fails(s.addItemInput, { ...base, culture: "english" }).map((f) => f.property), ["culture"]);
  });

  it("4.6 rules 1-3 and 2.1 service credentials", () => {
    const base = { title: "t", type: "CSV" };
    assert.deepEqual(fails(s.addItemInput, { ...base, originItemId: ID, destinationItemId: ID, relationshipType: "Map2Service" }).map((f) => f.property), ["destinationItemId"]);
    assert.deepEqual(fails(s.addItemInput, { ...base, dataUrl: "https://data.example.com/a.csv" }).map((f) => f.property), ["async"]);
    assert.deepEqual(fails(s.addItemInput, { ...base, dataUrl: "https://data.example.com/a.csv", async: true }), []);
    assert.deepEqual(fails(s.addItemInput, { multipart: true }).map((f) => f.property), ["filename"]);
    assert.deepEqual(fails(s.addItemInput, { multipart: true, filename: "big.zip" }), []);
    assert.match(fails(s.addItemInput, { title: "t", type: "Web Map", servicePassword: "pw" })[0].reason, /only Map Service, Feature Service, Image Service items/);
    assert.deepEqual(fails(s.addItemInput, { title: "t", type: "Feature Service", serviceUsername: "u", servicePassword: "pw" }), []);
  });

  it("2.5: serviceProxyFilter shape; 2.1 thumbnail format and 10 MB", () => {
    const base = { title: "t", type: "Feature Service" };
    assert.deepEqual(fails(s.addItemInput, { ...base, serviceProxyFilter: { hitsPerInterval: 10, referrers: ["*.example.com"] } }), []);
    assert.deepEqual(fails(s.addItemInput, { ...base, serviceProxyFilter: { hitsPerInterval: -1 } }).map((f) => f.property), ["serviceProxyFilter.hitsPerInterval"]);
    const dir = mkdtempSync(join(tmpdir(), "thumb-"));
    try {
      writeFileSync(join(dir, "t.png"), Buffer.alloc(10));
      writeFileSync(join(dir, "t.bmp"), Buffer.alloc(10));
      assert.deepEqual(fails(s.addItemInput, { ...base, thumbnail: join(dir, "t.png") }), []);
      assert.match(fails(s.addItemInput, { ...base, thumbnail: join(dir, "t.bmp") })[0].reason, /not PNG, GIF or JPEG/);
      writeFileSync(join(dir, "big.png"), Buffer.alloc(10 * 1024 * 1024 + 1));
      assert.match(fails(s.addItemInput, { ...base, thumbnail: join(dir, "big.png") })[0].reason, /10485761 bytes; at most 10485760/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("2.2: status values; 4.7 serverId with federatedServerUrl; 4.8 id shape", () => {
    assert.deepEqual(fails(s.setContentStatusInput, { itemId: ID, status: "" }), []);
    assert.match(fails(s.setContentStatusInput, { itemId: ID, status: "authoritative" })[0].reason, /"authoritative" is not one of: "org_authoritative", "public_authoritative", "deprecated", ""/);
    assert.deepEqual(fails(s.generateUrlReportInput, { urlType: "federatedServerUrl" }), [{ property: "serverId", reason: "required when urlType is federatedServerUrl" }]);
    assert.deepEqual(fails(s.canReassignItemsInput, { itemIds: Array(250).fill(ID), targetUsername: "u" }), []);
    assert.deepEqual(fails(s.canReassignItemsInput, { itemIds: [ID, "bad"], targetUsername: "u" }).map((f) => f.property), ["itemIds[1]"]);
  });

  it("4.1: exactly one source, formats of 2.7, fieldMappings and appendSourceInfo shapes", () => {
    assert.deepEqual(fails(s.appendParamsInput, { appendUploadId: "u1", appendUploadFormat: "CSV", appendSourceInfo: {}, upsert: true }), []);
    assert.match(fails(s.appendParamsInput, {})[0].reason, /no source; exactly one of edits, appendUploadId, appendItemId/);
    assert.deepEqual(fails(s.appendParamsInput, { edits: "{}", appendItemId: ID }).map((f) => f.property), ["appendItemId"]);
    assert.match(fails(s.appendParamsInput, { edits: "{}", appendUploadFormat: "kml" })[0].reason, /"kml" is not one of: sqlite, geoPackage/);
    assert.deepEqual(fails(s.appendParamsInput, { edits: "{}", fieldMappings: [{ source: "a" }] }).map((f) => f.property), ["fieldMappings[0].name"]);
    assert.deepEqual(fails(s.appendParamsInput, { edits: "{}", appendSourceInfo: { dateFieldsTimeReference: { timeZone: "UTC", respectsDaylightSaving: "yes" } } }).map((f) => f.property), ["appendSourceInfo.dateFieldsTimeReference.respectsDaylightSaving"]);
    assert.match(fails(s.appendParamsInput, { edits: "not json" })[0].reason, /not valid JSON|matches none/);
  });

  it("spec.md#design-check: unknown values during preview pass every rule", () => {
    const U = s.UNKNOWN;
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: U }), []);
    assert.deepEqual(fails(s.contentCategorySchemaInput, { categorySchema: [{ title: U, categories: U }, U] }), []);
    assert.deepEqual(fails(s.addItemInput, { title: U, type: U, itemIdToCreate: U, originItemId: U, destinationItemId: ID, relationshipType: "Map2Service", async: U, dataUrl: U }), []);
    assert.deepEqual(fails(s.appendParamsInput, { edits: U, appendItemId: ID }), []);
    assert.deepEqual(fails(s.setContentStatusInput, { itemId: U, status: U }), []);
    assert.deepEqual(s.tolerateUnknown(s.generateUrlReportInput).safeParse({ urlType: U }).success, true);
    assert.equal(s.tolerateUnknown(s.generateUrlReportInput).safeParse({ urlType: "nope" }).success, false);
  });
});
