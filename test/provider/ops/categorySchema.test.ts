// Category schema operations against the emulator (spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema; spec.md#gap-category-schemas reads and delete).
import assert from "node:assert/strict";
import * as ops from "../../../provider/ops";
import { NotFoundError, PortalError } from "../../../provider/rest/errors";
import { useEmulator } from "./emulator";

describe("ops: category schemas (spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema)", () => {
  const env = useEmulator();
  const schema = [{ title: "Categories", description: "Top", categories: [{ title: "Water", categories: [{ title: "Rivers" }] }, { title: "Transport" }] }];

  it("4.4: assignCategorySchema sends {categorySchema:[…]} in the categorySchema field; categorySchema reads it back", async () => {
    const c = env.client();
    assert.deepEqual(await ops.assignCategorySchema(c, schema), { success: true });
    const sent = env.log.find((l) => l.startsWith("START POST") && l.includes(`portals/${env.emu.portalId}/assignCategorySchema`));
    assert.ok(sent, "the path carries the portal id from portals/self");
    const read = await ops.getCategorySchema(c);
    assert.equal(read.categorySchema[0].title, "Categories");
    assert.deepEqual(read.categorySchema[0].categories?.map((n) => n.title), ["Water", "Transport"]);
    assert.equal(read.categorySchema[0].categories?.[0].categories?.[0].title, "Rivers");
  });

  it("4.4: an empty schema is refused with 400 ORG_1132", async () => {
    await assert.rejects(ops.assignCategorySchema(env.client(), []), (e: PortalError) => e.code === 400 && e.messageCode === "ORG_1132" && e.operation === "assignCategorySchema");
  });

  it("spec.md#gap-category-schemas: deleteCategorySchema removes it; the read then gives []", async () => {
    const c = env.client();
    assert.equal((await ops.deleteCategorySchema(c)).success, true);
    assert.deepEqual(await ops.getCategorySchema(c), { categorySchema: [] });
  });

  it("4.2: assignMemberCategorySchema then memberCategorySchema reads it back", async () => {
    const c = env.client();
    const member = [{ title: "Departments", categories: [{ title: "Planning" }, { title: "Water" }] }];
    assert.equal((await ops.assignMemberCategorySchema(c, member)).success, true);
    const read = await ops.getMemberCategorySchema(c);
    assert.deepEqual(read.memberCategorySchema[0].categories?.map((n) => n.title), ["Planning", "Water"]);
  });

  it("4.3: deleteMemberCategorySchema removes it; a second delete is NotFoundError (part 7)", async () => {
    const c = env.client();
    assert.equal((await ops.deleteMemberCategorySchema(c)).success, true);
    assert.deepEqual((await ops.getMemberCategorySchema(c)).memberCategorySchema, []);
    await assert.rejects(ops.deleteMemberCategorySchema(c), NotFoundError);
  });

  it("part 5: a user without the privilege is refused with 403", async () => {
    await assert.rejects(ops.assignCategorySchema(env.client("dev_user"), schema), (e: PortalError) => e.code === 403);
  });
});
