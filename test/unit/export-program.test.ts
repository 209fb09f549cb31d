// `pulumi-gis-portal export` without a portal: resource names readable, unique and independent of
// the order the portal lists items in; identifiers valid; relationships placed on one end; the
// program text the same for the same snapshot.
import { strict as assert } from "node:assert";
import { identifier, slug, uniqueIdentifiers, uniqueNames } from "../../cli/export/names";
import { planRelationships, renderProgram } from "../../cli/export/program";
import type { ExportedItem, OrgSnapshot } from "../../cli/export/read";

const item = (id: string, title: string, extra: Record<string, unknown> = {}): ExportedItem => ({
  item: { id, title, type: "Web Map", owner: "ann", typeKeywords: ["Web Map", "pulumigisportalsabc"], ...extra },
  name: "",
});

describe("export: names and program", () => {
  it("slug: readable ASCII from any title, cut at a word", () => {
    assert.equal(slug("Água & Esgoto — 2024"), "agua-esgoto-2024");
    assert.equal(slug("***"), "");
    assert.ok(slug("word ".repeat(30)).length <= 48);
    assert.ok(!slug("word ".repeat(30)).endsWith("-"));
  });

  it("uniqueNames: repeats get -2, -3 by item id, whatever order the portal listed them in", () => {
    const entries = [{ id: "c", title: "Roads" }, { id: "a", title: "Roads" }, { id: "b", title: "Roads 2" }, { id: "d", title: "!!" }];
    const names = uniqueNames(entries);
    assert.deepEqual(Object.fromEntries(names), { a: "roads", c: "roads-2", b: "roads-2-2", d: "item" });
    assert.deepEqual(Object.fromEntries(uniqueNames([...entries].reverse())), Object.fromEntries(names));
  });

  it("identifiers: camel case, never reserved, never a leading digit, unique", () => {
    assert.equal(identifier("water-mains-2"), "waterMains2");
    assert.equal(identifier("2024-census"), "item2024Census");
    assert.equal(identifier("class"), "itemClass");
    assert.equal(identifier("config"), "itemConfig");
    assert.deepEqual(Object.fromEntries(uniqueIdentifiers(["roads2", "roads-2"])), { "roads-2": "roads2", roads2: "roads2_2" });
  });

  it("relationships: on the destination, else the origin, else listed as not declared", () => {
    const items = [item("a", "A"), item("b", "B"), item("c", "C")];
    const plan = planRelationships(items, [
      { originItemId: "a", destinationItemId: "b", type: "Map2AppConfig" },
      { originItemId: "a", destinationItemId: "c", type: "Map2Service" },
      { originItemId: "c", destinationItemId: "b", type: "Service2Data" },
      { originItemId: "x", destinationItemId: "b", type: "Service2Data" },
    ]);
    assert.deepEqual(plan.byItem.get("b"), { type: "Map2AppConfig", originItemId: "a" });
    assert.deepEqual(plan.byItem.get("c"), { type: "Map2Service", originItemId: "a" });
    assert.deepEqual(plan.left.map((r) => r.originItemId), ["c", "x"]);
  });

  it("program: adopts, retains, keeps no marker keyword, asks for the stored password, the same text twice", () => {
    const snapshot: OrgSnapshot = {
      portal: { id: "org1", name: "Org", urlKey: "org", url: "https://org.example.com" },
      contentTree: [{ title: "Categories" }],
      memberTree: [],
      items: [
        { ...item("a1", "Streets", { contentStatus: "org_authoritative", protected: true, tags: ["a", "b"] }), name: "streets", text: { json: true, value: {} } },
        { ...item("b2", "Parcels", { type: "Feature Service", serviceUsername: "svc", url: "https://gis.example.com/s", protected: true }), name: "parcels" },
      ],
      relationships: [],
      skipped: [],
    };
    const { text, secrets } = renderProgram(snapshot);
    assert.equal(renderProgram(snapshot).text, text);
    assert.match(text, /new portal\.CategorySchema\("content-categories", \{ categorySchema: portal\.loadCategoryTree\(here\("trees", "content-categories\.yaml"\)\), adopt: true \}, adopted\);/);
    assert.match(text, /\/\/ new portal\.MemberCategorySchema/, "an empty member tree waits, commented out");
    assert.match(text, /adoptItemId: "a1",/);
    assert.match(text, /tags: \["a", "b"\],/);
    assert.match(text, /text: json\("items\/streets\.json"\),/);
    assert.doesNotMatch(text, /pulumigisportal/);
    assert.match(text, /ItemStatus\("streets-status", \{ itemId: streets\.itemId, status: "org_authoritative", adopt: true \}, adopted\);/);
    const streets = text.slice(text.indexOf('"streets", {'), text.indexOf("}, adopted);", text.indexOf('"streets", {')));
    assert.doesNotMatch(streets, /protected: true/, "an authoritative item's protection comes from its status");
    assert.match(text, /protected: true,/, "a protection of its own is declared");
    assert.match(text, /servicePassword: config\.requireSecret\("parcelsServicePassword"\),/);
    assert.deepEqual(secrets.map((s) => s.key), ["parcelsServicePassword"]);
    assert.match(text, /const adopted: pulumi\.CustomResourceOptions = \{ retainOnDelete: true \};/);
  });
});
