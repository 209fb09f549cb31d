// The tree outline and the readable tree diff of CategorySchema / MemberCategorySchema previews.
import { strict as assert } from "node:assert";
import { normalizeTree, outline, outlineKey, sameTree, type TreeNode } from "../../provider/resources/categorySchema/tree";
import { diffTrees, summarizeTreeChange } from "../../provider/resources/categorySchema/diff";
import { nthNodePath, pinpointTreeFailure } from "../../provider/resources/categorySchema/failures";

const content = (nodes: unknown): TreeNode[] => normalizeTree(nodes, "content");
const member = (nodes: unknown): TreeNode[] => normalizeTree(nodes, "member");

const base = content([
  {
    title: "Categories",
    categories: [
      { title: "Water", description: "Hydrology", categories: [{ title: "Rivers", description: "Flowing water" }, { title: "Lakes" }] },
      { title: "Land", categories: [{ title: "Soils", description: "Soil maps", categories: [{ title: "Clay" }] }] },
    ],
  },
]);

/** A deep copy of base, changed by `edit`. */
function edited(edit: (t: TreeNode[]) => void): TreeNode[] {
  const copy = JSON.parse(JSON.stringify(base)) as TreeNode[];
  edit(copy);
  return copy;
}

describe("category tree outline (spec.md#category-schema, spec.md#member-category-schema)", () => {
  it("2.3: content nodes get description \"\" and categories [] so sent and stored trees compare equal", () => {
    assert.deepEqual(content([{ title: "A", extra: 1 }]), [{ title: "A", description: "", categories: [] }]);
    assert.ok(sameTree(content([{ title: "A" }]), content([{ title: "A", description: "", categories: [] }])));
  });

  it("2.4: member nodes carry no description", () => {
    assert.deepEqual(member([{ title: "Staff", categories: [{ title: "GIS" }] }]), [{ title: "Staff", categories: [{ title: "GIS", categories: [] }] }]);
  });

  it("2.3: the outline lists every node by path with its description, parents first", () => {
    assert.deepEqual(Object.entries(outline(base)), [
      ["Categories", ""],
      ["Categories/Water", "Hydrology"],
      ["Categories/Water/Rivers", "Flowing water"],
      ["Categories/Water/Lakes", ""],
      ["Categories/Land", ""],
      ["Categories/Land/Soils", "Soil maps"],
      ["Categories/Land/Soils/Clay", ""],
    ]);
  });

  it("a title holding / is escaped so paths stay unambiguous", () => {
    assert.equal(outlineKey(["Roads", "Bike/Walk"]), "Roads/Bike\\/Walk");
    assert.notEqual(outlineKey(["a/b"]), outlineKey(["a", "b"]));
  });

  it("sibling order is part of the tree (the portal shows it)", () => {
    assert.equal(sameTree(content([{ title: "A" }, { title: "B" }]), content([{ title: "B" }, { title: "A" }])), false);
  });
});

describe("tree diff: the change a reviewer reads in the preview", () => {
  it("no change gives no line", () => {
    assert.deepEqual(diffTrees(base, JSON.parse(JSON.stringify(base))), []);
  });

  it("a leaf added", () => {
    const after = edited((t) => t[0].categories[0].categories.push({ title: "Wetlands", description: "Marshes", categories: [] }));
    assert.deepEqual(summarizeTreeChange(base, after), ["+ add Categories/Water/Wetlands"]);
  });

  it("a subtree removed is one line with its size", () => {
    const after = edited((t) => t[0].categories.splice(1, 1));
    assert.deepEqual(summarizeTreeChange(base, after), ["- remove Categories/Land (with 2 subcategories)"]);
  });

  it("a rename keeps the parent and the subtree", () => {
    const after = edited((t) => (t[0].categories[1].categories[0].title = "Soil"));
    assert.deepEqual(diffTrees(base, after), [{ kind: "rename", from: "Categories/Land/Soils", to: "Categories/Land/Soil" }]);
  });

  it("a move keeps the subtree under a new parent", () => {
    const after = edited((t) => {
      const [rivers] = t[0].categories[0].categories.splice(0, 1);
      t[0].categories[1].categories.push(rivers);
    });
    assert.deepEqual(summarizeTreeChange(base, after), ["~ move Categories/Water/Rivers → Categories/Land/Rivers"]);
  });

  it("a bare leaf renamed among its siblings is a rename (member trees have no descriptions)", () => {
    const before = member([{ title: "Staff", categories: [{ title: "GIS" }, { title: "IT" }] }]);
    const after = member([{ title: "Staff", categories: [{ title: "GIS" }, { title: "Ops" }] }]);
    assert.deepEqual(summarizeTreeChange(before, after), ["~ rename Staff/IT → Staff/Ops"]);
  });

  it("bare leaves under different parents are not paired on their empty subtree", () => {
    const before = member([{ title: "A", categories: [{ title: "x" }] }, { title: "B" }]);
    const after = member([{ title: "A" }, { title: "B", categories: [{ title: "y" }] }]);
    assert.deepEqual(summarizeTreeChange(before, after), ["- remove A/x", "+ add B/y"]);
  });

  it("a description edit and a reorder", () => {
    const after = edited((t) => {
      t[0].categories[0].description = "Hydrography";
      t[0].categories.reverse();
    });
    assert.deepEqual(summarizeTreeChange(base, after), [
      '~ describe Categories/Water: "Hydrology" → "Hydrography"',
      "~ reorder Categories: Land, Water (was Water, Land)",
    ]);
  });

  it("several edits at once each get their own line", () => {
    const after = edited((t) => {
      t[0].categories[0].categories[1].title = "Ponds";
      t.push({ title: "Themes", description: "", categories: [{ title: "Climate", description: "", categories: [] }] });
    });
    assert.deepEqual(summarizeTreeChange(base, after), ["~ rename Categories/Water/Lakes → Categories/Water/Ponds", "+ add Themes (with 1 subcategory)"]);
  });
});

describe("tree-wide check failures point at a node (part 8 limits)", () => {
  const limits = { maxTrees: 5, maxCategories: 200 };

  it("nthNodePath counts depth-first, parents before children", () => {
    const tree = [{ title: "A", categories: [{ title: "A1" }, { title: "A2" }] }, { title: "B" }];
    assert.equal(nthNodePath("categorySchema", tree, 0), "categorySchema[0]");
    assert.equal(nthNodePath("categorySchema", tree, 2), "categorySchema[0].categories[1]");
    assert.equal(nthNodePath("categorySchema", tree, 3), "categorySchema[1]");
    assert.equal(nthNodePath("categorySchema", tree, 4), undefined);
  });

  it("4.4: a sixth tree is named by its index", () => {
    const tree = Array.from({ length: 6 }, (_, i) => ({ title: `T${i}` }));
    assert.deepEqual(pinpointTreeFailure({ property: "categorySchema", reason: "6 trees; at most 5" }, "categorySchema", tree, limits), {
      property: "categorySchema[5]",
      reason: "6 trees; at most 5",
    });
  });

  it("4.4: the 201st category is named by its path", () => {
    const tree = [{ title: "T", categories: Array.from({ length: 205 }, (_, i) => ({ title: `c${i}` })) }];
    const f = pinpointTreeFailure({ property: "categorySchema", reason: "206 categories in total; at most 200" }, "categorySchema", tree, limits);
    assert.deepEqual(f, { property: "categorySchema[0].categories[199]", reason: "206 categories in total; at most 200 (category 201 is here)" });
  });

  it("an empty schema and failures on nodes stay as they are", () => {
    const empty = { property: "categorySchema", reason: "empty" };
    assert.deepEqual(pinpointTreeFailure(empty, "categorySchema", [], limits), empty);
    const node = { property: "categorySchema[0].title", reason: "112 characters; at most 100" };
    assert.deepEqual(pinpointTreeFailure(node, "categorySchema", [{ title: "x" }], limits), node);
  });
});
