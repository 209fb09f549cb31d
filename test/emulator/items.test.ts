import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: items (spec.md#item-fields, spec.md#add-item, spec.md#authentication, spec.md#errors, spec.md#limits; spec.md#gap-read-item)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());
  const add = (fields: Record<string, string | number | boolean>, user = "dev_user") =>
    h.call(`content/users/${user}/addItem`, { title: "T", type: "Web Map", text: "{}", ...fields }, { token: h.token(user) });
  const read = (id: string, user = "dev_user") => h.call(`content/items/${id}`, {}, { token: h.token(user) });

  it("4.6: addItem answers {success, id, folder}; the item reads back with its fields", async () => {
    const r = await add({ title: "Rivers", tags: "water,rivers", snippet: "S", description: "D", categories: '["/Categories/Water"]', typeKeywords: "Hydro", extent: "-10,-5,10,5", culture: "en-us", properties: '{"v":1}' });
    assert.equal(r.success, true);
    assert.match(r.id, /^[0-9a-f]{32}$/);
    assert.equal(r.folder, null);
    const item = await read(r.id);
    assert.equal(item.title, "Rivers");
    assert.equal(item.owner, "dev_user");
    assert.deepEqual(item.tags, ["water", "rivers"]);
    assert.deepEqual(item.categories, ["/Categories/Water"]);
    assert.ok(item.typeKeywords.includes("Hydro") && item.typeKeywords.includes("Web Map"), "auto type keywords plus the sent ones");
    assert.deepEqual(item.extent, [[-10, -5], [10, 5]]);
    assert.deepEqual(item.properties, { v: 1 });
    assert.equal(item.protected, false);
    assert.equal("contentStatus" in item, false);
  });

  it("part 8: a title of 256 characters is accepted, 257 refused", async () => {
    assert.equal((await add({ title: "t".repeat(256) })).success, true);
    assert.match((await add({ title: "t".repeat(257) })).error.message, /257 characters; at most 256/);
  });

  it("part 8: a snippet of 2048 characters is accepted, 2049 refused", async () => {
    assert.equal((await add({ snippet: "s".repeat(2048) })).success, true);
    assert.match((await add({ snippet: "s".repeat(2049) })).error.message, /2049 characters; at most 2048/);
  });

  it("part 8: a description of 65535 bytes is accepted, 65536 bytes (64 KB) refused", async () => {
    assert.equal((await add({ description: "d".repeat(65535) })).success, true);
    assert.equal((await add({ description: "d".repeat(65536) })).error.code, 400);
    assert.equal((await add({ description: "é".repeat(32768) })).error.code, 400, "UTF-8 bytes count, not characters");
  });

  it("2.1: itemIdToCreate of exactly 32 alphanumerics is used; 31 and 33 and non-alphanumerics are refused", async () => {
    const id = "abcDEF0123456789abcdef0123456789";
    assert.equal((await add({ itemIdToCreate: id })).id, id);
    assert.match((await add({ itemIdToCreate: id.slice(1) })).error.message, /exactly 32 alphanumeric/);
    assert.equal((await add({ itemIdToCreate: id + "a" })).error.code, 400);
    assert.equal((await add({ itemIdToCreate: "-".repeat(32) })).error.code, 400);
  });

  it("2.1: itemIdToCreate that already exists is refused and the item is untouched", async () => {
    const id = "0000000000000000000000000000dup1";
    await add({ itemIdToCreate: id, title: "First" });
    const r = await add({ itemIdToCreate: id, title: "Second" });
    assert.equal(r.error.code, 409);
    assert.equal((await read(id)).title, "First");
  });

  it("part 9: before 10.8.1 itemIdToCreate is ignored (an id is generated)", async () => {
    const old = await Harness.start({ release: "10.8" });
    try {
      const id = "1111111111111111111111111111old1";
      const r = await old.call("content/users/dev_user/addItem", { title: "T", type: "Web Map", itemIdToCreate: id }, { token: old.token("dev_user") });
      assert.equal(r.success, true);
      assert.notEqual(r.id, id);
      const at = await Harness.start({ release: "10.8.1" });
      try {
        assert.equal((await at.call("content/users/dev_user/addItem", { title: "T", type: "Web Map", itemIdToCreate: id }, { token: at.token("dev_user") })).id, id);
      } finally {
        await at.close();
      }
    } finally {
      await old.close();
    }
  });

  it("2.1: culture is language-country; a bad culture, an unknown type, malformed text JSON are refused", async () => {
    assert.match((await add({ culture: "english" })).error.message, /culture/);
    assert.match((await add({ type: "Not A Type" })).error.message, /not a supported item type/);
    assert.match((await add({ text: "{oops" })).error.message, /JSON content/);
    assert.match((await add({ properties: "[1]" })).error.message, /'properties' must be a JSON object/);
    assert.match((await add({ async: "maybe" })).error.message, /true or false/);
  });

  it("4.6 / part 5: only the user named in the path may add; a user who may not own content may not", async () => {
    const r = await h.call("content/users/dev_user/addItem", { title: "T", type: "Web Map" }, { token: h.token("dev_admin") });
    assert.equal(r.error.code, 403);
    const viewer = await add({}, "dev_viewer");
    assert.equal(viewer.error.code, 403);
    assert.match(viewer.error.message, /portal:user:createItem/);
    assert.equal((await h.call("content/users/dev_user/addItem", { title: "T", type: "Web Map" })).error.code, 499);
  });

  it("2.1 classification (11.4): valid values of the org schema are stored; other values and a missing property are refused", async () => {
    const ok = { classification: "CONFIDENTIAL", banner: "CONFIDENTIAL", distribution: "INTERNAL", reviewDate: "2027-01-01" };
    const r = await add({ classification: JSON.stringify(ok) });
    assert.deepEqual((await read(r.id)).classification, ok);
    assert.match((await add({ classification: JSON.stringify({ ...ok, banner: "TOP" }) })).error.message, /banner "TOP" is not a value/);
    assert.match((await add({ classification: JSON.stringify({ ...ok, reviewDate: undefined }) })).error.message, /reviewDate must be a string/);
    assert.match((await add({ classification: JSON.stringify({ ...ok, reviewDate: "someday" }) })).error.message, /reviewDate must be a date/);
  });

  it("part 9: before 11.4 the classification parameter is ignored", async () => {
    const old = await Harness.start({ release: "11.3" });
    try {
      const r = await old.call("content/users/dev_user/addItem", { title: "T", type: "Web Map", classification: '{"classification":"nope"}' }, { token: old.token("dev_user") });
      assert.equal(r.success, true);
      assert.equal((await old.call(`content/items/${r.id}`, {}, { token: old.token("dev_user") })).classification, undefined);
    } finally {
      await old.close();
    }
  });

  it("4.6 rule 5: a Data Store item needs text with type, info{isManaged, connectionString, objectStore}, path, provider", async () => {
    const text = { type: "cloudStore", info: { isManaged: false, connectionString: { accessKeyId: "a", secretAccessKey: "b", region: "r", defaultEndpointProtocol: "https", credentialType: "accesskey" }, objectStore: "bucket" }, path: "/cloudStores/x", provider: "amazon" };
    assert.equal((await add({ type: "Data Store", text: JSON.stringify(text) })).success, true);
    assert.match((await add({ type: "Data Store", text: JSON.stringify({ ...text, provider: 1 }) })).error.message, /'provider' must be a string/);
    assert.match((await add({ type: "Data Store", text: JSON.stringify({ ...text, info: { isManaged: false } }) })).error.message, /objectStore/);
  });

  it("2.1: serviceUsername/servicePassword are valid on map, feature and image services only; the password is never returned", async () => {
    const ok = await add({ type: "Feature Service", url: "https://example.com/arcgis/rest/services/S/FeatureServer", serviceUsername: "svc", servicePassword: "pw-secret" });
    const item = await read(ok.id);
    assert.equal(item.serviceUsername, "svc");
    assert.ok(!JSON.stringify(item).includes("pw-secret"));
    assert.match((await add({ type: "Web Map", serviceUsername: "svc", servicePassword: "x" })).error.message, /valid on Map Service, Feature Service, Image Service/);
  });

  it("spec.md#gap-read-item: data returns the text; an item with a url has no data", async () => {
    const r = await add({ text: '{"layers":[1]}' });
    const res = await h.raw(`content/items/${r.id}/data`, {}, { token: h.token("dev_user") });
    assert.deepEqual(await res.json(), { layers: [1] });
    const u = await add({ type: "Web Mapping Application", url: "https://example.com/app", text: undefined as unknown as string });
    assert.equal(await (await h.raw(`content/items/${u.id}/data`, {}, { token: h.token("dev_user") })).text(), "");
  });

  it("part 7: another user's private item is 404 to a plain user, readable by the org admin; an unknown id is 404", async () => {
    const r = await add({});
    assert.equal((await read(r.id, "dev_publisher")).error.code, 404);
    assert.equal((await read(r.id, "prod_admin")).error.code, 404);
    assert.equal((await read(r.id, "dev_admin")).id, r.id);
    assert.equal((await read("f".repeat(32))).error.code, 404);
  });

  it("spec.md#gap-update-item: update changes fields with the same limits; another user's item is 403", async () => {
    const r = await add({});
    const up = await h.call(`content/users/dev_user/items/${r.id}/update`, { title: "New", tags: "x" }, { token: h.token("dev_user") });
    assert.deepEqual(up, { success: true, id: r.id });
    assert.equal((await read(r.id)).title, "New");
    assert.equal((await h.call(`content/users/dev_user/items/${r.id}/update`, { snippet: "s".repeat(2049) }, { token: h.token("dev_user") })).error.code, 400);
    await h.call(`content/users/dev_user/items/${r.id}/share`, { org: true }, { token: h.token("dev_user") });
    const other = await h.call(`content/users/dev_user/items/${r.id}/update`, { title: "Mine" }, { token: h.token("dev_publisher") });
    assert.equal(other.error.code, 403);
  });

  it("spec.md#gap-protect: protect refuses delete with CONT_0048; unprotect then delete succeeds", async () => {
    const r = await add({});
    const base = `content/users/dev_user/items/${r.id}`;
    assert.deepEqual(await h.call(`${base}/protect`, {}, { token: h.token("dev_user") }), { success: true });
    assert.equal((await read(r.id)).protected, true);
    const refused = await h.call(`${base}/delete`, {}, { token: h.token("dev_user") });
    assert.equal(refused.error.messageCode, "CONT_0048");
    assert.equal((await read(r.id)).id, r.id);
    await h.call(`${base}/unprotect`, {}, { token: h.token("dev_user") });
    assert.deepEqual(await h.call(`${base}/delete`, {}, { token: h.token("dev_user") }), { success: true, itemId: r.id });
    assert.equal((await read(r.id)).error.code, 404);
  });

  it("part 5: an org administrator may delete a member's item; a plain user may not", async () => {
    const r = await add({});
    await h.call(`content/users/dev_user/items/${r.id}/share`, { org: true }, { token: h.token("dev_user") });
    assert.equal((await h.call(`content/users/dev_user/items/${r.id}/delete`, {}, { token: h.token("dev_publisher") })).error.code, 403);
    assert.equal((await h.call(`content/users/dev_user/items/${r.id}/delete`, {}, { token: h.token("dev_admin") })).success, true);
  });
});

describe("emulator: listing properties and application fields (spec.md#item-fields, spec.md#listing-properties)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());

  it("2.6: listingProperties is a JSON object stored as sent; a non-object is refused", async () => {
    const listing = { licenseType: "free", free: true, trialSupported: true, trialDuration: 30 };
    const r = await h.call("content/users/dev_user/addItem", { title: "App", type: "Application", listingProperties: JSON.stringify(listing), appCategories: "Mapping,Field", industries: '["Water"]', languages: "en", screenshot: "https://example.com/1.png" }, { token: h.token("dev_user") });
    const item = await h.call(`content/items/${r.id}`, {}, { token: h.token("dev_user") });
    assert.deepEqual(item.listingProperties, listing);
    assert.deepEqual(item.appCategories, ["Mapping", "Field"]);
    assert.deepEqual(item.industries, ["Water"]);
    assert.deepEqual(item.screenshots, ["https://example.com/1.png"]);
    const bad = await h.call("content/users/dev_user/addItem", { title: "App", type: "Application", listingProperties: "[1,2]" }, { token: h.token("dev_user") });
    assert.match(bad.error.message, /'listingProperties' must be a JSON object/);
  });
});
