// search by type keyword (public search reference: `typekeywords:` is a field of the item index, and
// type keywords are one of the default fields of a free word; the seed shows no search syntax).
// The provider finds its marked items this way (PortalItem on portals before 10.8.1, `orphans`).
import { strict as assert } from "node:assert";
import { Harness } from "./harness";

describe("emulator: search by type keyword", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());

  const ids = (r: any): string[] => {
    assert.ok(Array.isArray(r.results), JSON.stringify(r));
    return r.results.map((i: any) => i.id).sort();
  };

  it("typekeywords:<kw> in q or filter finds the items holding that whole keyword, case-insensitively", async () => {
    const t = { token: h.token("dev_user") };
    const a = await h.addItem("dev_user", { title: "A", typeKeywords: "pulumigisportalsabc,pulumigisportalrone" });
    const b = await h.addItem("dev_user", { title: "B", typeKeywords: "pulumigisportalsabc,pulumigisportalrtwo" });
    await h.addItem("dev_user", { title: "C", typeKeywords: "pulumigisportalsabcd" });
    await h.addItem("dev_user", { title: "D" });
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:pulumigisportalsabc", num: 100 }, t)), [a, b].sort());
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:PulumiGisPortalRone" }, t)), [a]);
    assert.deepEqual(ids(await h.call("search", { q: 'typekeywords:"pulumigisportalrtwo" owner:dev_user' }, t)), [b]);
    assert.deepEqual(ids(await h.call("search", { q: "owner:dev_user", filter: "typekeywords:pulumigisportalrone" }, t)), [a]);
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:pulumigisportals" }, t)), [], "a keyword is matched whole, not as a prefix");
    assert.deepEqual(ids(await h.call("search", { q: "pulumigisportalrtwo" }, t)), [b], "a free word also looks in the type keywords");
    assert.deepEqual(ids(await h.call("search", { q: `id: ${a} AND typekeywords: pulumigisportalsabc` }, t)), [a], "blanks after a field's colon keep the term (arcgis-rest-js sends `id: <id> AND group: <id>`)");
  });

  it("typekeywords: combines with owner: and orgid:, and finds only what the caller may read", async () => {
    const own = await h.addItem("dev_publisher", { title: "P", typeKeywords: "sharedmarker" });
    const other = await h.addItem("dev_user", { title: "U", typeKeywords: "sharedmarker" });
    const admin = { token: h.token("dev_admin") };
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:sharedmarker" }, admin)), [own, other].sort());
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:sharedmarker owner:dev_publisher" }, admin)), [own]);
    const orgId = (await h.call("portals/self", {}, admin)).id;
    assert.deepEqual(ids(await h.call("search", { q: `typekeywords:sharedmarker orgid:${orgId}` }, admin)), [own, other].sort());
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:sharedmarker orgid:someotherorg" }, admin)), []);
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:sharedmarker" }, { token: h.token("dev_publisher") })), [own], "another user's private item is not found");
    assert.deepEqual(ids(await h.call("search", { q: "typekeywords:sharedmarker" }, { token: h.token("prod_admin") })), [], "another org's private items are not found");
  });
});

// The search's `owner:` and `id:` terms and the user content listing read the item store's owner
// and id indexes (emulator/models/items.ts), not a scan: the indexes follow adds, deletes and reassigns.
describe("emulator: search and listings through the owner and id indexes", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());
  const admin = () => ({ token: h.token("dev_admin") });
  const ids = (r: any): string[] => r.results.map((i: any) => i.id).sort();
  const listed = async (user: string) => ((await h.call(`content/users/${user}`, { num: 100 }, admin())).items as any[]).map((i) => i.id).sort();

  it("owner: in any case, id: in any case; a reassigned item moves between owners; a deleted one is gone", async () => {
    const a = await h.addItem("dev_admin", { title: "Indexed A", typeKeywords: "indexprobe" });
    const b = await h.addItem("dev_admin", { title: "Indexed B", typeKeywords: "indexprobe" });
    const c = await h.addItem("dev_publisher", { title: "Indexed C", typeKeywords: "indexprobe" });
    assert.deepEqual(ids(await h.call("search", { q: "owner:DEV_ADMIN typekeywords:indexprobe" }, admin())), [a, b].sort());
    assert.deepEqual(ids(await h.call("search", { q: `id:${c.toUpperCase()}` }, admin())), [c]);
    assert.deepEqual(ids(await h.call("search", { q: "id:00000000000000000000000000000000" }, admin())), []);
    assert.ok((await listed("dev_admin")).includes(a));

    const given = await h.call(`content/users/dev_admin/items/${a}/reassign`, { targetUsername: "dev_publisher" }, admin());
    assert.deepEqual(given, { success: true, itemId: a });
    assert.deepEqual(ids(await h.call("search", { q: "owner:dev_admin typekeywords:indexprobe" }, admin())), [b]);
    assert.deepEqual(ids(await h.call("search", { q: "owner:dev_publisher typekeywords:indexprobe" }, admin())), [a, c].sort());
    assert.ok(!(await listed("dev_admin")).includes(a));
    assert.ok((await listed("dev_publisher")).includes(a));

    assert.equal((await h.call(`content/users/dev_publisher/items/${c}/delete`, {}, admin())).success, true);
    assert.deepEqual(ids(await h.call("search", { q: "owner:dev_publisher typekeywords:indexprobe" }, admin())), [a]);
    assert.deepEqual(ids(await h.call("search", { q: `id:${c}` }, admin())), []);
    assert.ok(!(await listed("dev_publisher")).includes(c));
  });
});
