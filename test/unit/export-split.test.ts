// `export --split-by owner|folder` without a portal (issue 24 scope 3): the partition of items and
// folders into parts (unique slugs, "org" never, valid project names, independent of the order the
// portal listed things in), the org program (trees, groups, the groupIds output), a part's program
// (groups through the org stack's StackReference, folders local, a relationship into another part
// by id with a comment), and the files written (projects.json, one root package.json, files moved
// into their part), the same twice. The default (none) keeps its program byte for byte: the other
// export tests pin it.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { exportCommand, EXPORT_USAGE } from "../../cli/export";
import { planRelationships, renderProgram } from "../../cli/export/program";
import { renderOrgProgram, renderPartProgram, renderSplitPrograms } from "../../cli/export/programSplit";
import { writeSplitProjects, type ProjectEntry } from "../../cli/export/projectSplit";
import type { ExportedItem, OrgSnapshot } from "../../cli/export/read";
import { MAX_PART_SLUG, partition, splitProjectName, validProjectName } from "../../cli/export/split";

const item = (id: string, title: string, owner: string, extra: Record<string, unknown> = {}, more: Partial<ExportedItem> = {}): ExportedItem => ({
  item: { id, title, type: "Web Map", owner, typeKeywords: ["Web Map"], access: "private", ...extra },
  name: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  ...more,
});

/** Two owners, three folders (one empty), two groups, relationships across owners and within one, one not declared. */
function organization(): OrgSnapshot {
  return {
    portal: { id: "org1", name: "City", urlKey: "city", url: "https://city.example.com" },
    contentTree: [{ title: "Categories", categories: [{ title: "Water" }] }],
    memberTree: [{ title: "Departments" }],
    items: [
      item("a1", "Streets", "ann", { ownerFolder: "f1", access: "shared", contentStatus: "org_authoritative" }, { groups: ["g1", "g-unexported"], text: { json: true, value: { layers: [] } } }),
      item("a2", "Roads", "ann", { type: "CSV", access: "org" }, { file: { fileName: "roads.csv", bytes: 8 } }),
      item("a3", "Org", "ann", { access: "public" }),
      item("b1", "Parcels", "bob", { type: "Feature Service", url: "https://gis.example.com/p", serviceUsername: "svc", access: "shared" }, { groups: ["g2"] }),
      item("b2", "Parcels app", "bob", { type: "Web Mapping Application", ownerFolder: "f3", access: "org" }, { groups: [] }),
    ],
    relationships: [
      { originItemId: "a1", destinationItemId: "b1", type: "Map2Service" },
      { originItemId: "b1", destinationItemId: "b2", type: "Map2AppConfig" },
      { originItemId: "a2", destinationItemId: "b1", type: "Service2Data" },
      { originItemId: "a2", destinationItemId: "b2", type: "Map2AppConfig" },
    ],
    groups: [
      { name: "group-crews", users: ["bob"], admins: [], group: { id: "g1", title: "Crews", owner: "ann", access: "org" } },
      { name: "group-ids", users: [], admins: [], group: { id: "g2", title: "Ids", owner: "bob", access: "private" } },
    ],
    folders: [
      { id: "f1", title: "Drafts", owner: "ann", name: "folder-ann-drafts" },
      { id: "f2", title: "Empty", owner: "ann", name: "folder-ann-empty" },
      { id: "f3", title: "Apps", owner: "bob", name: "folder-bob-apps" },
    ],
    skipped: [],
  };
}

const summary = (s: ReturnType<typeof partition>) => s.parts.map((p) => ({ slug: p.slug, owner: p.owner, folder: p.folder?.title, items: p.items.map((e) => e.item.id), folders: p.folders.map((f) => f.id) }));

describe("export --split-by: partition", () => {
  it("by owner: one part per owner with every item and folder of that owner", () => {
    const s = partition(organization(), "owner");
    assert.deepEqual(summary(s), [
      { slug: "ann", owner: "ann", folder: undefined, items: ["a1", "a2", "a3"], folders: ["f1", "f2"] },
      { slug: "bob", owner: "bob", folder: undefined, items: ["b1", "b2"], folders: ["f3"] },
    ]);
    assert.equal(s.partOf.get("b2")?.slug, "bob");
  });

  it("by folder: one part per folder holding items, one per owner's root items with the empty folders", () => {
    const s = partition(organization(), "folder");
    assert.deepEqual(summary(s), [
      { slug: "ann", owner: "ann", folder: undefined, items: ["a2", "a3"], folders: ["f2"] },
      { slug: "ann-drafts", owner: "ann", folder: "Drafts", items: ["a1"], folders: ["f1"] },
      { slug: "bob", owner: "bob", folder: undefined, items: ["b1"], folders: [] },
      { slug: "bob-apps", owner: "bob", folder: "Apps", items: ["b2"], folders: ["f3"] },
    ]);
  });

  it("by folder: an owner with folders and no items still gets a part (the folders are exported)", () => {
    const org = { ...organization(), folders: [...organization().folders!, { id: "f9", title: "Old", owner: "carol", name: "folder-carol-old" }] };
    const carol = partition(org, "folder").parts.find((p) => p.owner === "carol")!;
    assert.deepEqual({ slug: carol.slug, items: carol.items.length, folders: carol.folders.map((f) => f.id) }, { slug: "carol", items: 0, folders: ["f9"] });
  });

  it("the same parts whatever order the portal listed items and folders in", () => {
    const org = organization();
    const reversed = { ...org, items: [...org.items].reverse(), folders: [...org.folders!].reverse() };
    for (const by of ["owner", "folder"] as const) {
      const [a, b] = [partition(org, by), partition(reversed, by)];
      assert.deepEqual(a.parts.map((p) => [p.slug, p.items.map((e) => e.item.id).sort(), p.folders.map((f) => f.id).sort()]), b.parts.map((p) => [p.slug, p.items.map((e) => e.item.id).sort(), p.folders.map((f) => f.id).sort()]));
    }
  });

  it("slugs: unique (-2 by key), never org, never empty; project names valid for Pulumi at any length", () => {
    const long = "x".repeat(200);
    const owners = ["a.b", "a_b", "org", "日本", long, `${long}y`];
    const s = partition({ items: owners.map((o, i) => item(`i${i}`, `Map ${i}`, o)), folders: [] }, "owner");
    const byOwner = Object.fromEntries(s.parts.map((p) => [p.owner, p.slug]));
    assert.equal(byOwner["a.b"], "a-b");
    assert.equal(byOwner["a_b"], "a-b-2");
    assert.equal(byOwner.org, "org-2");
    assert.equal(byOwner["日本"], "part");
    assert.equal(new Set(s.parts.map((p) => p.slug)).size, owners.length);
    for (const p of s.parts) {
      assert.ok(p.slug.length <= MAX_PART_SLUG + 2, p.slug);
      // the longest export project name: "portal-" and a 48-character slug
      const name = splitProjectName(`portal-${"u".repeat(48)}`, p.slug);
      assert.ok(validProjectName(name), name);
    }
  });
});

describe("export --split-by: programs", () => {
  const org = organization();
  const split = partition(org, "owner");
  const plan = planRelationships(org.items, org.relationships);
  const [ann, bob] = split.parts;

  it("org: the trees, the groups and their members, the groupIds output by resource name; no item", () => {
    const text = renderOrgProgram(org, split);
    assert.match(text, /new portal\.CategorySchema\("content-categories"/);
    assert.match(text, /new portal\.MemberCategorySchema\("member-categories"/);
    assert.match(text, /new portal\.GroupMembership\("group-crews-members"/);
    // a group whose identifier would be the output's name is renamed
    assert.match(text, /const itemGroupIds = new portal\.Group\("group-ids"/);
    assert.match(text, /export const groupIds: Record<string, pulumi\.Output<string>> = \{\n {2}"group-crews": groupCrews\.groupId,\n {2}"group-ids": itemGroupIds\.groupId,\n\};\n$/);
    assert.doesNotMatch(text, /PortalItem|Folder\(|new pulumi\.StackReference/);
  });

  it("a part: groups from the org stack by name, an unexported group by id, folders local, adopted and retained", () => {
    const { text } = renderPartProgram(org, split, ann, plan, "portal-city-org");
    assert.match(text, /const orgStack = config\.get\("orgStack"\) \?\? `\$\{pulumi\.getOrganization\(\)\}\/portal-city-org\/\$\{pulumi\.getStack\(\)\}`;/);
    assert.match(text, /const org = new pulumi\.StackReference\(orgStack\);/);
    assert.match(text, /org\.requireOutput\("groupIds"\)/);
    assert.match(text, /sharing: \{ access: "private", groups: \[groupId\("group-crews"\), "g-unexported"\] \},/);
    assert.match(text, /const folderAnnDrafts = new portal\.Folder\("folder-ann-drafts", \{ adoptFolderId: "f1"/);
    assert.match(text, /folder: folderAnnDrafts\.folderId,/);
    assert.match(text, /new portal\.Folder\("folder-ann-empty"/);
    assert.match(text, /const itemOrg = new portal\.PortalItem\("org", \{/, "an item never takes the name of the StackReference");
    assert.match(text, /adoptItemId: "a1",/);
    assert.match(text, /ItemStatus\("streets-status", \{ itemId: streets\.itemId, status: "org_authoritative", adopt: true \}, adopted\);/);
    assert.doesNotMatch(text, /CategorySchema|new portal\.Group\(|GroupMembership|adoptItemId: "b1"|folder-bob/);
  });

  it("a relationship into another part keeps the id, saying where the item lives; one not declared is listed where an end is", () => {
    const [a, b] = [renderPartProgram(org, split, ann, plan, "p").text, renderPartProgram(org, split, bob, plan, "p").text];
    // b1 declares the Map2Service from a1 (ann's): the id, and where it lives
    assert.match(b, /relationship: \{ type: "Map2Service", originItemId: "a1" \} \/\* streets, in parts\/ann: by id, ids are stable \*\//);
    assert.match(b, /relationship: \{ type: "Map2AppConfig", originItemId: "b1" \} \/\* parcels \*\//);
    assert.match(a, /relationship: \{ type: "Service2Data", destinationItemId: "b1" \} \/\* parcels, in parts\/bob: by id, ids are stable \*\//);
    assert.match(a, /\/\/ {3}Map2AppConfig: a2 → b2/);
    assert.match(b, /\/\/ {3}Map2AppConfig: a2 → b2/);
  });

  it("a part sharing with no exported group has no StackReference", () => {
    const noGroups = { ...org, groups: undefined, folders: undefined, items: org.items.map((e) => ({ ...e, groups: undefined })) };
    const s = partition(noGroups, "owner");
    for (const p of s.parts) assert.doesNotMatch(renderPartProgram(noGroups, s, p, plan, "p").text, /StackReference|groupId\(/);
    assert.match(renderOrgProgram(noGroups, s), /export const groupIds: Record<string, pulumi\.Output<string>> = \{\n\};/);
  });

  it("every item is in exactly one part; the secrets are the part's", () => {
    const programs = renderSplitPrograms(org, split, "p");
    const declared = programs.parts.map((p) => [...p.text.matchAll(/adoptItemId: "(\w+)"/g)].map((m) => m[1]));
    assert.deepEqual(declared.flat().sort(), org.items.map((e) => e.item.id).sort());
    assert.deepEqual(programs.parts.map((p) => p.secrets.map((s) => s.key)), [[], ["parcelsServicePassword"]]);
  });

  it("the single program of the same organization is unchanged by the split's helpers (groups by resource, no StackReference)", () => {
    const { text } = renderProgram(org);
    assert.match(text, /groups: \[groupCrews\.groupId, "g-unexported"\]/);
    assert.doesNotMatch(text, /StackReference|groupId\(/);
  });
});

describe("export --split-by: files", () => {
  let tmp: string;
  before(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), "export-split-"))));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  /** Writes the split export of organization() into a fresh directory holding the downloaded file, as read.ts leaves it. */
  async function written(by: "owner" | "folder"): Promise<{ dir: string; projects: ProjectEntry[] }> {
    const dir = fs.mkdtempSync(path.join(tmp, `${by}-`));
    fs.mkdirSync(path.join(dir, "files", "roads"), { recursive: true });
    fs.writeFileSync(path.join(dir, "files", "roads", "roads.csv"), "id\n1\n");
    const org = organization();
    const split = partition(org, by);
    const projects = await writeSplitProjects(dir, org, split, renderSplitPrograms(org, split, splitProjectName("portal-city", "org")));
    return { dir, projects };
  }
  const files = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

  it("by owner: org/ and parts/<owner>/ each a project, one root package.json, projects.json, files moved into their part", async () => {
    const { dir, projects } = await written("owner");
    assert.deepEqual(files(dir), [
      ".gitignore", "README.md",
      "org/Pulumi.yaml", "org/index.ts", "org/trees/content-categories.yaml", "org/trees/member-categories.yaml", "org/tsconfig.json",
      "package.json",
      "parts/ann/Pulumi.yaml", "parts/ann/files/roads/roads.csv", "parts/ann/index.ts", "parts/ann/items/streets.json", "parts/ann/tsconfig.json",
      "parts/bob/Pulumi.yaml", "parts/bob/index.ts", "parts/bob/tsconfig.json",
      "projects.json",
    ]);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, "projects.json"), "utf8")), projects);
    assert.deepEqual(projects.map((p) => [p.path, p.name, p.dependsOn, p.items]), [
      ["org", "portal-city-org", [], 0],
      ["parts/ann", "portal-city-ann", ["org"], 3],
      ["parts/bob", "portal-city-bob", ["org"], 2],
    ]);
    for (const p of projects) {
      assert.match(fs.readFileSync(path.join(dir, p.path, "Pulumi.yaml"), "utf8"), new RegExp(`^name: ${p.name}\nruntime:\n  name: nodejs\n`));
      assert.ok(!fs.existsSync(path.join(dir, p.path, "package.json")), "the projects share the root package.json");
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
    assert.deepEqual(Object.keys(pkg.dependencies).sort(), ["@pulumi/pulumi", "pulumi-gis-portal"]);
    assert.equal(pkg.main, undefined);
    const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
    assert.match(readme, /1\. `org\/` first/);
    assert.match(readme, /in any order and in parallel/);
    assert.match(readme, /pulumi config set orgStack organization\/portal-city-org\/dev/);
    assert.match(readme, /`parts\/bob`: `parcelsServicePassword`/);
  });

  it("by folder: a project per folder holding items; the same bytes when written twice", async () => {
    const [a, b] = [await written("folder"), await written("folder")];
    assert.deepEqual(a.projects.map((p) => p.path), ["org", "parts/ann", "parts/ann-drafts", "parts/bob", "parts/bob-apps"]);
    assert.ok(fs.existsSync(path.join(a.dir, "parts", "ann", "files", "roads", "roads.csv")));
    assert.ok(fs.existsSync(path.join(a.dir, "parts", "ann-drafts", "items", "streets.json")));
    assert.deepEqual(files(a.dir), files(b.dir));
    for (const f of files(a.dir)) assert.ok(fs.readFileSync(path.join(a.dir, f)).equals(fs.readFileSync(path.join(b.dir, f))), `${f} is the same`);
  });

  it("a wrong --split-by: one line naming the choices, exit 2, before any credential is read", async () => {
    const saved = process.stderr.write;
    let err = "";
    process.stderr.write = ((chunk: string) => ((err += chunk), true)) as typeof process.stderr.write;
    try {
      assert.equal(await exportCommand(["--out", path.join(tmp, "never"), "--split-by", "team"]), 2);
    } finally {
      process.stderr.write = saved;
    }
    assert.equal(err.trim().split("\n").length, 1, err);
    assert.match(err, /--split-by takes none, owner, folder \(got "team"\)/);
    assert.ok(err.includes(EXPORT_USAGE));
    assert.ok(!fs.existsSync(path.join(tmp, "never")));
  });
});
