// render-plan for delete steps: the engine asks no provider about a delete during preview, so the
// lines come from the state the step removes (cli/deleteLines.ts).
import { strict as assert } from "node:assert";
import { parsePreview, renderPlan } from "../../cli/renderPlan";

const urn = (type: string, name: string) => `urn:pulumi:dev::org::pulumi-nodejs:dynamic/${type}::${name}`;
const step = (type: string, name: string, outputs: Record<string, unknown>) => ({
  op: "delete",
  urn: urn(type, name),
  oldState: { type: `pulumi-nodejs:dynamic/${type}`, outputs },
});

describe("render-plan: delete steps say what goes and what to know", () => {
  it("PortalItem, trees, ItemStatus and LayerAppend", () => {
    const preview = {
      changeSummary: { delete: 4 },
      steps: [
        step("portal:PortalItem", "map", { type: "Web Map", title: "City map", itemId: "abc", protected: true, contentStatus: "org_authoritative", relatedItemIds: ["def"] }),
        step("portal:CategorySchema", "cats", { portalId: "P1", outline: { Land: "", "Land/Soils": "", Water: "" } }),
        step("portal:ItemStatus", "status", { itemId: "abc", status: "deprecated" }),
        step("portal:LayerAppend", "load", { targetLayerUrl: "https://x/FeatureServer/0" }),
      ],
    };
    const md = renderPlan(parsePreview(JSON.stringify(preview)));
    for (const line of [
      '- delete Web Map "City map" (item abc)',
      "! it is org_authoritative",
      "! it is protected: the portal refuses the delete until it is unprotected",
      "! related items: def",
      "- delete the whole tree (3 nodes) of portal P1",
      "- remove Land and everything under it",
      "- remove Water and everything under it",
      "- clear status deprecated on item abc",
      "- forget the append (the rows it loaded stay in the layer)",
    ]) {
      assert.ok(md.split("\n").includes(line), `${line}\n---\n${md}`);
    }
    assert.ok(!md.includes("- remove Land/Soils"), "a subtree is named once, by its root");
  });

  it("a group's or a folder's delete counts the preview's PortalItems that hold it (its own count is 0 until a refresh)", () => {
    const G = "a".repeat(32);
    const F = "f".repeat(32);
    const item = (op: string, name: string, outputs: Record<string, unknown>) => ({ op, urn: urn("portal:PortalItem", name), oldState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", outputs }, newState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", inputs: { plannedChanges: [] } } });
    const preview = {
      changeSummary: { delete: 3, update: 2 },
      steps: [
        step("portal:Group", "crews", { title: "Field crews", groupId: G, sharedItemCount: 0 }),
        step("portal:Folder", "drafts", { title: "Drafts", owner: "alice", folderId: F, itemCount: 0 }),
        item("update", "map-a", { itemId: "1", folder: F, sharing: { access: "private", groups: [G] } }),
        item("update", "map-b", { itemId: "2", sharing: { access: "org", groups: ["b".repeat(32)] } }),
        step("portal:PortalItem", "map-c", { type: "Web Map", title: "C", itemId: "3", sharing: { access: "org", groups: ["b".repeat(32), G] } }),
        { op: "same", urn: urn("portal:PortalItem", "map-d"), oldState: { type: "pulumi-nodejs:dynamic/portal:PortalItem", outputs: { itemId: "4", folder: F, sharing: { groups: [G] } } } },
      ],
    };
    const md = renderPlan(parsePreview(JSON.stringify(preview))).split("\n");
    assert.ok(md.includes("! 3 items are shared with it (map-a, map-c, map-d): the portal unshares them from the group"), md.join("\n"));
    assert.ok(md.includes("! it held 2 items (map-a, map-d): any still in it move to alice's root folder first (none is deleted)"), md.join("\n"));
    assert.ok(!md.some((l) => l.startsWith("### ") && l.includes("map-d")), "an unchanged item is counted, not shown");
    // the engine's step order varies between runs: the names do not
    const reversed = { ...preview, steps: [...preview.steps].reverse() };
    assert.ok(renderPlan(parsePreview(JSON.stringify(reversed))).split("\n").includes("! 3 items are shared with it (map-a, map-c, map-d): the portal unshares them from the group"));
  });

  it("the state's count stands when it is larger (items of other stacks)", () => {
    const md = renderPlan(parsePreview(JSON.stringify({ changeSummary: { delete: 1 }, steps: [step("portal:Group", "crews", { title: "Field crews", groupId: "g1", sharedItemCount: 5 })] })));
    assert.ok(md.split("\n").includes("! 5 items are shared with it: the portal unshares them from the group"), md);
  });

  it("a delete of another provider's resource, or without state, is one line", () => {
    const md = renderPlan(parsePreview(JSON.stringify({ changeSummary: { delete: 1 }, steps: [{ op: "delete", urn: "urn:pulumi:dev::org::random:index/randomId:RandomId::r" }] })));
    assert.ok(md.includes("```diff\n- delete\n```"), md);
  });
});
