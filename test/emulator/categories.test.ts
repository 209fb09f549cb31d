import { strict as assert } from "node:assert";
import { Harness } from "./harness";

// Builders of schemas with an exact number of nodes, levels and trees.
const node = (title: string, categories: unknown[] = [], description?: string) => ({ title, ...(description !== undefined ? { description } : {}), categories });
const flat = (n: number) => [node("Categories", Array.from({ length: n - 1 }, (_, i) => node(`C${i}`)))];
const deep = (levels: number): unknown[] => {
  let tree: unknown[] = [];
  for (let l = levels; l >= 1; l--) tree = [node(`L${l}`, tree)];
  return tree;
};
const trees = (n: number) => Array.from({ length: n }, (_, i) => node(`T${i}`));

describe("emulator: category schemas (spec.md#category-schema, spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema, spec.md#authentication, spec.md#errors, spec.md#limits)", () => {
  let h: Harness;
  let admin: string;
  before(async () => {
    h = await Harness.start();
    admin = h.token("dev_admin");
  });
  after(() => h.close());

  const assign = (schema: unknown, token = admin, wrap = true) =>
    h.call(`portals/${h.emu.portalId}/assignCategorySchema`, { categorySchema: JSON.stringify(wrap ? { categorySchema: schema } : schema) }, { token });
  const assignMember = (schema: unknown, token = admin) =>
    h.call(`portals/${h.emu.portalId}/assignMemberCategorySchema`, { memberCategorySchema: JSON.stringify({ memberCategorySchema: schema }) }, { token });

  it("4.4: a schema is assigned and read back (wrapped object and bare array)", async () => {
    assert.deepEqual(await assign([node("Categories", [node("Water", [], "Rivers")])]), { success: true });
    const read = await h.call(`portals/${h.emu.portalId}/categorySchema`, {}, { token: admin, method: "GET" });
    assert.equal(read.categorySchema[0].title, "Categories");
    assert.equal(read.categorySchema[0].categories[0].description, "Rivers");
    assert.deepEqual(await assign([node("Bare")], admin, false), { success: true });
    const again = await h.call(`portals/self/categorySchema`, {}, { token: admin });
    assert.equal(again.categorySchema[0].title, "Bare");
  });

  it("4.4 / part 7: an empty schema is ORG_1132 with one text line in details", async () => {
    const r = await assign([]);
    assert.equal(r.error.code, 400);
    assert.equal(r.error.messageCode, "ORG_1132");
    assert.equal(r.error.details.length, 1);
    assert.equal(typeof r.error.details[0], "string");
  });

  it("part 8: 200 categories are accepted, 201 are ORG_1132", async () => {
    assert.deepEqual(await assign(flat(200)), { success: true });
    const r = await assign(flat(201));
    assert.equal(r.error.messageCode, "ORG_1132");
    assert.match(r.error.details[0], /201/);
  });

  it("part 8: 4 levels are accepted, 5 are ORG_1132", async () => {
    assert.deepEqual(await assign(deep(4)), { success: true });
    assert.equal((await assign(deep(5))).error.messageCode, "ORG_1132");
  });

  it("part 8: 5 category trees are accepted, 6 are ORG_1132", async () => {
    assert.deepEqual(await assign(trees(5)), { success: true });
    assert.equal((await assign(trees(6))).error.messageCode, "ORG_1132");
  });

  it("part 8: a title of 100 characters is accepted, 101 refused naming the path", async () => {
    assert.deepEqual(await assign([node("x".repeat(100))]), { success: true });
    const r = await assign([node("ok", [node("y".repeat(101))])]);
    assert.equal(r.error.code, 400);
    assert.match(r.error.message, /categorySchema\[0\]\.categories\[0\]\.title has 101 characters; at most 100/);
  });

  it("part 8: a description of 300 characters is accepted, 301 refused", async () => {
    assert.deepEqual(await assign([node("T", [], "d".repeat(300))]), { success: true });
    const r = await assign([node("T", [], "d".repeat(301))]);
    assert.match(r.error.message, /description has 301 characters; at most 300/);
  });

  it("4.4: malformed JSON, a wrong type and a missing parameter get clear 400 envelopes", async () => {
    const bad = await h.call(`portals/${h.emu.portalId}/assignCategorySchema`, { categorySchema: "{not json" }, { token: admin });
    assert.match(bad.error.message, /not valid JSON/);
    const wrong = await h.call(`portals/${h.emu.portalId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: "x" }) }, { token: admin });
    assert.equal(wrong.error.code, 400);
    const title = await assign([{ title: 5 }]);
    assert.match(title.error.message, /title must be a non-empty string/);
    const missing = await h.call(`portals/${h.emu.portalId}/assignCategorySchema`, {}, { token: admin });
    assert.match(missing.error.message, /Missing required parameter 'categorySchema'/);
  });

  it("part 5: a plain user and a publisher may not assign the content schema", async () => {
    for (const user of ["dev_user", "dev_publisher"]) {
      const r = await assign(flat(2), h.token(user));
      assert.equal(r.error.code, 403);
      assert.match(r.error.message, /portal:admin:updateItemCategorySchema/);
    }
  });

  it("part 5: an administrator of another org may not touch this org's schema; an unknown portal is 404", async () => {
    const r = await assign(flat(2), h.token("prod_admin"));
    assert.equal(r.error.code, 403);
    const unknown = await h.call("portals/00000000000000000000000000000000/categorySchema", {}, { token: admin });
    assert.equal(unknown.error.code, 404);
  });

  it("spec.md#gap-category-schemas: deleteCategorySchema removes it; a second delete is 404", async () => {
    await assign(flat(3));
    assert.deepEqual(await h.call(`portals/${h.emu.portalId}/deleteCategorySchema`, {}, { token: admin }), { success: true });
    assert.deepEqual((await h.call(`portals/${h.emu.portalId}/categorySchema`, {}, { token: admin })).categorySchema, []);
    assert.equal((await h.call(`portals/${h.emu.portalId}/deleteCategorySchema`, {}, { token: admin })).error.code, 404);
  });

  it("4.2: a member schema is assigned and read back; nodes without categories stay without", async () => {
    assert.deepEqual(await assignMember([{ title: "Departments", categories: [{ title: "Planning" }] }]), { success: true });
    const r = await h.call(`portals/${h.emu.portalId}/memberCategorySchema`, {}, { token: admin });
    assert.deepEqual(r.memberCategorySchema, [{ title: "Departments", categories: [{ title: "Planning" }] }]);
  });

  it("4.2 / part 7: an empty member schema is ORG_1132 with one text line", async () => {
    const r = await assignMember([]);
    assert.equal(r.error.messageCode, "ORG_1132");
    assert.equal(r.error.details.length, 1);
    assert.match(r.error.details[0], /member category schema/);
  });

  it("part 8: member schema of 3 levels is accepted, 4 levels ORG_1132", async () => {
    assert.deepEqual(await assignMember(deep(3)), { success: true });
    assert.equal((await assignMember(deep(4))).error.messageCode, "ORG_1132");
  });

  it("part 8: member schema of 200 categories is accepted, 201 ORG_1132", async () => {
    assert.deepEqual(await assignMember(flat(200)), { success: true });
    assert.equal((await assignMember(flat(201))).error.messageCode, "ORG_1132");
  });

  it("part 5: assignMemberCategorySchema allows a member holding the privilege, refuses one without", async () => {
    const fixtures = (await import("../../emulator/fixtures")).defaultFixtures();
    fixtures.orgs[0].users.push({ username: "dev_curator", role: "org_user", privileges: ["portal:admin:updateUsers"], token: "tok-dev_curator" });
    await h.control("fixtures", fixtures);
    try {
      assert.deepEqual(await assignMember(flat(2), "tok-dev_curator"), { success: true });
      assert.equal((await assignMember(flat(2), h.token("dev_user"))).error.code, 403);
    } finally {
      await h.control("reset");
    }
  });

  it("4.3 / part 7: deleteMemberCategorySchema succeeds, then is 404 with messageCode omitted and empty details", async () => {
    await assignMember(flat(2));
    assert.deepEqual(await h.call(`portals/${h.emu.portalId}/deleteMemberCategorySchema`, {}, { token: admin }), { success: true });
    const r = await h.call(`portals/${h.emu.portalId}/deleteMemberCategorySchema`, {}, { token: admin });
    assert.equal(r.error.code, 404);
    assert.equal("messageCode" in r.error, false);
    assert.deepEqual(r.error.details, []);
  });

  it("part 5: a plain user may not delete the member schema", async () => {
    await assignMember(flat(2));
    const r = await h.call(`portals/${h.emu.portalId}/deleteMemberCategorySchema`, {}, { token: h.token("dev_user") });
    assert.equal(r.error.code, 403);
  });
});
