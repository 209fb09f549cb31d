// Issue 25: the governance rules (policy/rules.ts) as pure functions of a stack's resources, rule by
// rule: what each reports and what it leaves alone (an authoritative item, an allowed truncate, a
// value unknown at preview, an item named by its adoptItemId); the levels and config they take.
import { strict as assert } from "node:assert";
import { evaluate, levelOf, policyConfigProblem, RULES, type PolicyConfig, type RuleResource } from "../../policy/rules";

/** The engine's sentinel for a string unknown at preview. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const urn = (kind: string, name: string) => `urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:${kind}::${name}`;
const res = (kind: string, name: string, props: Record<string, unknown>, propertyDependencies: Record<string, string[]> = {}): RuleResource => ({ kind, name, urn: urn(kind, name), props, propertyDependencies });
const item = (name: string, props: Record<string, unknown> = {}, deps: Record<string, string[]> = {}) => res("PortalItem", name, { type: "Web Map", title: name, ...props }, deps);
const status = (name: string, target: RuleResource | string, value: string) =>
  typeof target === "string" ? res("ItemStatus", name, { itemId: target, status: value }) : res("ItemStatus", name, { itemId: UNKNOWN, status: value }, { itemId: [target.urn] });

/** Only the one rule, as mandatory unless said, with its config. */
const only = (rule: string, rs: RuleResource[], config: Record<string, unknown> = {}) =>
  evaluate(rs, Object.fromEntries(RULES.map((r) => [r.name, r.name === rule ? { enforcementLevel: "mandatory", ...config } : "disabled"])) as PolicyConfig);

describe("unit: policy rules (issue 25)", () => {
  describe("portal-public-item-authority", () => {
    const R = "portal-public-item-authority";
    it("a public item with neither licenseInfo nor accessInformation: named, with both missing and the fix", () => {
      const [v, ...more] = only(R, [item("map", { title: "Rivers", sharing: { access: "public" } })]);
      assert.equal(more.length, 0);
      assert.equal(v.urn, urn("PortalItem", "map"));
      assert.match(v.message, /^PortalItem "map" \(Rivers\) is shared with everyone \(sharing\.access public\) but is not authoritative and has no licenseInfo and no accessInformation: add an ItemStatus with status org_authoritative, or set licenseInfo and accessInformation\.$/);
    });
    it("names only what is missing; blank counts as missing", () => {
      const [v] = only(R, [item("map", { sharing: { access: "public" }, licenseInfo: "CC-BY", accessInformation: "  " })]);
      assert.match(v.message, /has no accessInformation: .* or set accessInformation\.$/);
    });
    it("passes: both set; not public; authoritative (by dependency or by adoptItemId)", () => {
      assert.deepEqual(only(R, [item("a", { sharing: { access: "public" }, licenseInfo: "CC-BY", accessInformation: "City" })]), []);
      assert.deepEqual(only(R, [item("b", { sharing: { access: "org" } }), item("c", {})]), []);
      const m = item("m", { sharing: { access: "public" } });
      assert.deepEqual(only(R, [m, status("s", m, "org_authoritative")]), []);
      const adopted = item("adopted", { adoptItemId: "abc123", sharing: { access: "public" } });
      assert.deepEqual(only(R, [adopted, status("s", "abc123", "public_authoritative")]), []);
      assert.equal(only(R, [adopted, status("s", "abc123", "deprecated")]).length, 1, "deprecated is not authoritative");
    });
    it("a value unknown at preview is not a violation", () => {
      assert.deepEqual(only(R, [item("m", { sharing: { access: "public" }, licenseInfo: UNKNOWN, accessInformation: UNKNOWN })]), []);
      assert.deepEqual(only(R, [item("m", { sharing: { access: UNKNOWN } })]), []);
      assert.deepEqual(only(R, [item("m", { sharing: UNKNOWN })]), []);
    });
  });

  describe("portal-item-categories-exist", () => {
    const R = "portal-item-categories-exist";
    const tree = res("CategorySchema", "tree", { categorySchema: [{ title: "Categories", categories: [{ title: "Water", categories: [{ title: "Rivers" }] }] }] });
    it("a path not in the stack's tree, named with the schema", () => {
      const [v, ...more] = only(R, [tree, item("map", { categories: ["/Categories/Water/Rivers", "/Categories/Water/Lakes"] })]);
      assert.equal(more.length, 0);
      assert.match(v.message, /^PortalItem "map" categories: "\/Categories\/Water\/Lakes" not found \(the CategorySchema "tree" has no such path\)/);
    });
    it("no CategorySchema in the stack: said so", () => {
      assert.match(only(R, [item("map", { categories: ["/Categories/Water"] })])[0].message, /this stack has no CategorySchema/);
    });
    it("passes: case-insensitive, a trailing slash, a comma-separated string, the normalized tree and outline", () => {
      assert.deepEqual(only(R, [tree, item("a", { categories: ["/categories/WATER/rivers/"] }), item("b", { categories: "/Categories/Water, /Categories" })]), []);
      const normalized = res("CategorySchema", "n", { __categorySchema: [{ title: "Categories", categories: [{ title: "Land" }] }], outline: { "Categories/Roads": "" } });
      assert.deepEqual(only(R, [normalized, item("c", { categories: ["/Categories/Land", "/Categories/Roads"] })]), []);
    });
    it("categories unknown at preview are not a violation", () => {
      assert.deepEqual(only(R, [tree, item("a", { categories: UNKNOWN }), item("b", { categories: [UNKNOWN] })]), []);
    });
  });

  describe("portal-no-deprecating-used-items", () => {
    const R = "portal-no-deprecating-used-items";
    it("deprecating an item another item's relationship points at (by dependency): named, authoritative users marked", () => {
      const map = item("map");
      const app = item("app", { relationship: { type: "Map2AppConfig", originItemId: UNKNOWN } }, { relationship: [map.urn] });
      const [v, ...more] = only(R, [map, app, status("map-status", map, "deprecated"), status("app-status", app, "org_authoritative")]);
      assert.equal(more.length, 0);
      assert.equal(v.urn, urn("ItemStatus", "map-status"));
      assert.match(v.message, /^ItemStatus "map-status" deprecates PortalItem "map" \(map\), which "app" \(authoritative\) depends on through a relationship: move it to another item first, or keep the status\.$/);
    });
    it("by literal ids: the relationship names the adoptItemId or itemIdToCreate of the target", () => {
      const map = item("map", { adoptItemId: "aaa111" });
      const app = item("app", { relationship: { type: "Map2AppConfig", destinationItemId: "aaa111" } });
      assert.equal(only(R, [map, app, status("s", "aaa111", "deprecated")]).length, 1);
      const created = item("c", { itemIdToCreate: "bbb222" });
      const user = item("u", { relationship: { originItemId: "bbb222" } });
      assert.equal(only(R, [created, user, status("s", created, "deprecated")]).length, 1);
    });
    it("an authoritative item whose text (a web map's JSON) holds the item's id uses it", () => {
      const layer = item("layer", { type: "Feature Service", adoptItemId: "f00d42" });
      const webmap = item("webmap", { text: JSON.stringify({ operationalLayers: [{ itemId: "f00d42" }] }) });
      const v = only(R, [layer, webmap, status("old", layer, "deprecated"), status("auth", webmap, "org_authoritative")]);
      assert.equal(v.length, 1);
      assert.match(v[0].message, /deprecates PortalItem "layer" \(layer\), which "webmap" \(authoritative\) depends on in its text \(the item's id\)/);
      // the id the ItemStatus names counts too, and a text computed from the item (its dependency)
      const plain = item("plain");
      const byBoth = res("ItemStatus", "old", { itemId: "f00d42", status: "deprecated" }, { itemId: [plain.urn] });
      assert.equal(only(R, [plain, webmap, byBoth, status("auth", webmap, "public_authoritative")]).length, 1, "the id the ItemStatus holds (an update: known) is the item's id");
      assert.deepEqual(only(R, [plain, webmap, status("old", "f00d42", "deprecated"), status("auth", webmap, "public_authoritative")]), [], "an ItemStatus by an id no item of the stack has: no target");
      const computed = item("computed", { text: UNKNOWN }, { text: [plain.urn] });
      assert.equal(only(R, [plain, computed, status("old", plain, "deprecated"), status("auth", computed, "org_authoritative")]).length, 1);
      // not authoritative: the text alone does not make it a user
      assert.deepEqual(only(R, [layer, webmap, status("old", layer, "deprecated")]), []);
      // the id nowhere in the text
      const other = item("other", { text: '{"operationalLayers":[]}' });
      assert.deepEqual(only(R, [layer, other, status("old", layer, "deprecated"), status("auth", other, "org_authoritative")]), []);
    });
    it("passes: not deprecated; nobody uses it; a target unknown at preview", () => {
      const map = item("map");
      const app = item("app", { relationship: { originItemId: UNKNOWN } }, { relationship: [map.urn] });
      assert.deepEqual(only(R, [map, app, status("s", map, "org_authoritative")]), []);
      assert.deepEqual(only(R, [map, item("lone"), status("s", map, "deprecated")]), []);
      assert.deepEqual(only(R, [map, app, res("ItemStatus", "s", { itemId: UNKNOWN, status: "deprecated" })]), []);
      assert.deepEqual(only(R, [map, app, status("s", map, UNKNOWN)]), []);
    });
  });

  describe("portal-item-conventions", () => {
    const R = "portal-item-conventions";
    it("required tags (case-insensitive), a title pattern, a snippet: each problem in one message", () => {
      const [v] = only(R, [item("map", { title: "rivers", tags: ["Water"] })], { requiredTags: ["water", "gis"], titlePattern: "^[A-Z]", requireSnippet: true });
      assert.equal(v.message, 'PortalItem "map": tags lack "gis" (required: water, gis); title "rivers" does not match /^[A-Z]/; snippet is not set (a one-line summary is required).');
    });
    it("passes when met; no config, no violation; advisory by default", () => {
      assert.deepEqual(only(R, [item("map", { title: "Rivers", tags: "water, gis", snippet: "Rivers" })], { requiredTags: ["gis"], titlePattern: "^[A-Z]", requireSnippet: true }), []);
      assert.deepEqual(only(R, [item("map", {})]), []);
      const rule = RULES.find((r) => r.name === R)!;
      assert.equal(levelOf(rule, {}), "advisory");
      assert.equal(evaluate([item("m", { tags: [] })], { [R]: { requiredTags: ["x"] } })[0].level, "advisory");
    });
    it("tags or title unknown at preview are not a violation", () => {
      assert.deepEqual(only(R, [item("map", { title: UNKNOWN, tags: UNKNOWN })], { requiredTags: ["water"], titlePattern: "^[A-Z]" }), []);
    });
  });

  describe("portal-max-sharing", () => {
    const R = "portal-max-sharing";
    const drafts = res("Folder", "drafts", { title: "Drafts" });
    const staff = res("Group", "staff", { title: "Staff" });
    const open = res("Group", "open", { title: "Open data" });
    it("per folder: by the Folder resource the item's folder came from, or by a literal folder title", () => {
      const [v] = only(R, [drafts, item("map", { folder: UNKNOWN, sharing: { access: "org" } }, { folder: [drafts.urn] })], { folders: { Drafts: "private" } });
      assert.equal(v.message, 'PortalItem "map" is shared with access org, above the folder "Drafts" limit of private: set sharing.access to private, or file it elsewhere.');
      assert.equal(only(R, [item("map", { folder: "Drafts", sharing: { access: "public" } })], { folders: { Drafts: "org" } }).length, 1);
    });
    it("per group: each group the item is shared with has its own limit", () => {
      const sharedWith = { sharing: [staff.urn, open.urn] };
      const m = item("map", { sharing: { access: "public", groups: [UNKNOWN, UNKNOWN] } }, sharedWith);
      const vs = only(R, [staff, open, m], { groups: { Staff: "org", "Open data": "public" } });
      assert.equal(vs.length, 1);
      assert.match(vs[0].message, /above the group "Staff" limit of org: set sharing\.access to org or lower/);
      const both = only(R, [staff, open, m], { groups: { Staff: "private", "Open data": "org" } });
      assert.deepEqual(both.map((v) => /group "([^"]+)"/.exec(v.message)![1]), ["Staff", "Open data"]);
      assert.deepEqual(only(R, [staff, open, item("m", { sharing: { access: "org" } }, sharedWith)], { groups: { Staff: "org" } }), []);
    });
    it("passes: at or below the limit; a folder or group not in the config; access unknown at preview", () => {
      assert.deepEqual(only(R, [drafts, item("m", { sharing: { access: "private" } }, { folder: [drafts.urn] })], { folders: { Drafts: "private" } }), []);
      assert.deepEqual(only(R, [drafts, item("m", { sharing: { access: "public" } }, { folder: [drafts.urn] })], { folders: { Other: "private" } }), []);
      assert.deepEqual(only(R, [drafts, item("m", { sharing: { access: UNKNOWN } }, { folder: [drafts.urn] })], { folders: { Drafts: "private" } }), []);
    });
  });

  describe("portal-append-truncate-allowed", () => {
    const R = "portal-append-truncate-allowed";
    const append = (name: string, truncate: unknown) => res("LayerAppend", name, { layerUrl: "https://x/FeatureServer/0", truncate });
    it("truncate without the allow flag: named, with the fix", () => {
      const [v] = only(R, [append("reload", true)]);
      assert.match(v.message, /^LayerAppend "reload" has truncate: true, .*add "reload" to the allow list of portal-append-truncate-allowed/);
    });
    it("passes: on the allow list; no truncate; truncate unknown at preview", () => {
      assert.deepEqual(only(R, [append("reload", true)], { allow: ["reload"] }), []);
      assert.equal(only(R, [append("reload", true), append("other", true)], { allow: ["reload"] }).length, 1);
      assert.deepEqual(only(R, [append("a", false), append("b", undefined), append("c", "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7")]), []);
    });
  });

  describe("levels", () => {
    it("disabled rules do not run; remediate counts as mandatory (as the engine does for stack policies); mandatory first", () => {
      const rs = [item("m", { title: "m", sharing: { access: "public" }, tags: [] })];
      assert.deepEqual(evaluate(rs, { all: "disabled" }), []);
      const vs = evaluate(rs, { "portal-item-conventions": { enforcementLevel: "advisory", requiredTags: ["x"] }, "portal-public-item-authority": "remediate" });
      assert.deepEqual(vs.map((v) => [v.policy, v.level]), [["portal-public-item-authority", "mandatory"], ["portal-item-conventions", "advisory"]]);
    });
  });

  describe("policyConfigProblem: the config checked against each rule's schema and the engine's levels", () => {
    it("takes the example configs and every level the engine takes", () => {
      assert.equal(policyConfigProblem({}), undefined);
      for (const level of ["advisory", "mandatory", "remediate", "disabled"]) assert.equal(policyConfigProblem({ all: level, "portal-max-sharing": { enforcementLevel: level, folders: { Drafts: "private" }, groups: { Staff: "org" } } }), undefined);
      assert.equal(policyConfigProblem(require("../../examples/ci/policy.json")), undefined);
      assert.equal(policyConfigProblem({ "portal-item-conventions": { requiredTags: ["a"], titlePattern: "^[A-Z]", requireSnippet: false }, "portal-append-truncate-allowed": { allow: ["reload"] } }), undefined);
    });
    it("names the rule and the key", () => {
      const cases: Array<[unknown, RegExp]> = [
        [[], /must hold a JSON object of rule names \(got an array\)/],
        [{ "portal-item-conventions": { requiredTags: [1] } }, /^portal-item-conventions\.requiredTags\[0\] must be a string \(got number 1\)$/],
        [{ "portal-item-conventions": { requiredTags: "water" } }, /^portal-item-conventions\.requiredTags must be a list/],
        [{ "portal-item-conventions": { titlePattern: "([" } }, /^portal-item-conventions\.titlePattern "\(\[" is not a regular expression/],
        [{ "portal-item-conventions": { requireSnippet: "yes" } }, /^portal-item-conventions\.requireSnippet must be a boolean/],
        [{ "portal-item-conventions": "sometimes" }, /^portal-item-conventions must be one of advisory, mandatory, remediate, disabled \(got string "sometimes"\)$/],
        [{ "portal-max-sharing": { enforcementLevel: "sometimes" } }, /^portal-max-sharing\.enforcementLevel must be one of advisory/],
        [{ "portal-max-sharing": { folders: { Drafts: "secret" } } }, /^portal-max-sharing\.folders\.Drafts must be one of "private", "org", "public" \(got string "secret"\)$/],
        [{ "portal-max-sharing": { folder: {} } }, /^portal-max-sharing\.folder: no such setting \(portal-max-sharing takes enforcementLevel, folders, groups\)$/],
        [{ "portal-public-item-authority": { allow: [] } }, /^portal-public-item-authority\.allow: no such setting/],
        [{ "portal-nope": "mandatory" }, /^no rule "portal-nope"/],
        [{ all: "sometimes" }, /^all must be one of/],
        [{ "portal-max-sharing": 3 }, /^portal-max-sharing must be a level or an object/],
      ];
      for (const [doc, re] of cases) assert.match(policyConfigProblem(doc) ?? "(none)", re, JSON.stringify(doc));
    });
  });
});
