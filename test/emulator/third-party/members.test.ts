// arcgis-rest-js 4.x, unchanged, reads the emulator's members: getUser and searchUsers see the role,
// user type and member categories set through the REST operations.
import { strict as assert } from "node:assert";
import { ArcGISIdentityManager } from "@esri/arcgis-rest-request";
import { getUser, searchUsers, type IUser } from "@esri/arcgis-rest-portal";
import { Harness } from "../harness";

type Member = IUser & { userLicenseTypeId?: string; categories?: string[] };

describe("arcgis-rest-js: members (getUser, searchUsers)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
    const admin = { token: h.token("dev_admin") };
    const schema = { memberCategorySchema: [{ title: "Department", categories: [{ title: "Sales" }] }] };
    await h.call(`portals/${h.emu.portalId}/assignMemberCategorySchema`, { memberCategorySchema: JSON.stringify(schema) }, admin);
    await h.call(`portals/${h.emu.portalId}/updateUserRole`, { user: "dev_user", role: "org_publisher" }, admin);
    await h.call("community/users/dev_user/update", { categories: JSON.stringify(["/Categories/Department/Sales"]) }, admin);
    await h.call(`portals/${h.emu.portalId}/updateUserLicenseType`, { users: "dev_viewer", userLicenseType: "viewerUT" }, admin);
  });
  after(() => h.close());

  it("getUser and searchUsers see the role, the user type and the categories", async () => {
    const authentication = await ArcGISIdentityManager.fromToken({ token: h.token("dev_admin"), portal: h.emu.sharingUrl });
    const u = (await getUser({ username: "dev_user", authentication })) as Member;
    assert.deepEqual([u.role, u.userLicenseTypeId, u.categories], ["org_publisher", "creatorUT", ["/Categories/Department/Sales"]]);
    const viewer = (await getUser({ username: "dev_viewer", authentication })) as Member;
    assert.equal(viewer.userLicenseTypeId, "viewerUT");
    const found = await searchUsers({ q: "role:org_publisher", num: 10, authentication });
    assert.deepEqual(found.results.map((r) => r.username).sort(), ["dev_publisher", "dev_user"]);
    assert.deepEqual((found.results.find((r) => r.username === "dev_user") as Member).categories, ["/Categories/Department/Sales"]);
  });
});
