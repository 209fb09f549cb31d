import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: member categories per member (spec.md#assign-member-category-schema, spec.md#limits: at most 20)", () => {
  let h: Harness;
  const titles = Array.from({ length: 21 }, (_, i) => `Office ${i + 1}`);
  before(async () => {
    h = await Harness.start();
    const schema = { memberCategorySchema: [{ title: "Office Location", categories: titles.map((title) => ({ title })) }] };
    const r = await h.call(`portals/${h.emu.portalId}/assignMemberCategorySchema`, { memberCategorySchema: JSON.stringify(schema) }, { token: h.token("dev_admin") });
    assert.deepEqual(r, { success: true });
  });
  after(() => h.close());

  const paths = (n: number) => titles.slice(0, n).map((t) => `/Categories/Office Location/${t}`);
  const setCategories = (categories: string, token = h.token("dev_admin")) => h.call("community/users/dev_user/update", { categories }, { token });

  it("4.2: 20 member categories are accepted and read back from the member", async () => {
    assert.deepEqual(await setCategories(JSON.stringify(paths(20))), { success: true, username: "dev_user" });
    const user = await h.call("community/users/dev_user", {}, { token: h.token("dev_admin"), method: "GET" });
    assert.deepEqual(user.categories, paths(20));
  });

  it("4.2: 21 member categories are refused, naming the limit", async () => {
    const r = await setCategories(JSON.stringify(paths(21)));
    assert.equal(r.error.code, 400);
    assert.match(r.error.message, /at most 20 member categories; 21/);
    const user = await h.call("community/users/dev_user", {}, { token: h.token("dev_admin") });
    assert.equal(user.categories.length, 20, "the refused update changed nothing");
  });

  it("4.2: a comma-separated list works and a path outside the member schema is refused", async () => {
    assert.deepEqual(await setCategories("Office Location/Office 1,/Categories/Office Location/Office 2"), { success: true, username: "dev_user" });
    const r = await setCategories(JSON.stringify(["/Categories/Nowhere"]));
    assert.match(r.error.message, /Not in the organization's member category schema: \/Categories\/Nowhere/);
  });

  it("part 5: a plain member may not set another member's categories; another org's member is not found", async () => {
    const r = await setCategories(JSON.stringify(paths(1)), h.token("dev_publisher"));
    assert.equal(r.error.code, 403);
    const other = await h.call("community/users/prod_user", {}, { token: h.token("dev_admin") });
    assert.equal(other.error.code, 404);
  });
});
