// Issue "export, adoption on the first up", through the built bin, the packed package and the real
// Pulumi CLI: an emulator organization (trees and 20 items of mixed kinds made with raw REST calls)
// is exported; the project, installed with the packed package, previews as creates only, its first
// up sends no write to the portal (the emulator's request log), the next preview has no changes; an
// edited title and tree node preview as exactly 2 updates and up applies them; destroy removes
// nothing. A second export of the same organization gives the same files. Bad input: one line,
// exit 2, nothing written. Run `npm run build` first (the bin and the packed tarball come from dist/).
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { clearRequestLog, portalGet, portalPost, requestLog } from "../provider/resources/portalCalls";
import { exportedFiles, fixtureStack, offlineEngineEnv, packedPackage, pulumiBinDir, runCommand, type FixtureProject } from "../support/pulumi";

const root = path.resolve(__dirname, "..", "..");
const bin = path.join(root, "dist", "cli", "index.js");

const run = runCommand;

const webMapText = (n: number) => JSON.stringify({ operationalLayers: [{ id: `layer${n}`, title: `Layer ${n}` }], baseMap: { title: "Topographic", baseMapLayers: [] }, version: "2.31" });

/** The organization: both trees and 20 items (text, file, url, a relationship, statuses), by raw REST. */
async function seedOrganization(emu: RunningEmulator): Promise<Record<string, string>> {
  const orgId = (await portalGet(emu, "dev_admin", "portals/self")).id;
  const content = [
    { title: "Categories", description: "What we publish", categories: [
      { title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }, { title: "Lakes" }] },
      { title: "Land", categories: [{ title: "Soils" }] },
    ] },
  ];
  await portalPost(emu, "dev_admin", `portals/${orgId}/assignCategorySchema`, { categorySchema: JSON.stringify({ categorySchema: content }) });
  await portalPost(emu, "dev_admin", `portals/${orgId}/assignMemberCategorySchema`, { memberCategorySchema: JSON.stringify({ memberCategorySchema: [{ title: "Departments", categories: [{ title: "Planning" }, { title: "Works" }] }] }) });
  const ids: Record<string, string> = {};
  const add = async (key: string, user: string, fields: Record<string, string>) => {
    ids[key] = (await portalPost(emu, user, `content/users/${user}/addItem`, fields)).id;
  };
  const addFile = async (key: string, user: string, fields: Record<string, string>, name: string, body: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ f: "json", token: emu.tokens[user], ...fields })) form.append(k, v);
    form.append("file", new Blob([body]), name);
    const r: any = await (await fetch(`${emu.sharingUrl}/content/users/${user}/addItem`, { method: "POST", body: form })).json();
    assert.ok(r.id, JSON.stringify(r));
    ids[key] = r.id;
  };
  // text items (8), one with every descriptive field, two with the same title
  await add("streets", "dev_admin", { title: "Streets map", type: "Web Map", text: webMapText(1), tags: "streets,city", snippet: "City streets", description: 'Streets "as built"\nsecond line', categories: JSON.stringify(["/Categories/Land"]), culture: "en-US", extent: "-10,40,10,50" });
  await add("rivers", "dev_admin", { title: "Rivers", type: "Web Map", text: webMapText(2), categories: JSON.stringify(["/Categories/Water/Rivers"]) });
  await add("lakes", "dev_admin", { title: "Lakes", type: "Web Map", text: webMapText(3) });
  await add("dup1", "dev_admin", { title: "Overview", type: "Web Map", text: webMapText(4) });
  await add("dup2", "dev_admin", { title: "Overview", type: "Web Map", text: webMapText(5) });
  await add("accents", "dev_publisher", { title: "Água & Esgoto", type: "Web Map", text: webMapText(6), properties: JSON.stringify({ owner: "utilities" }) });
  await add("old", "dev_admin", { title: "Old streets", type: "Web Map", text: webMapText(7) });
  await add("dash", "dev_publisher", { title: "Dashboard", type: "Dashboard", text: JSON.stringify({ widgets: [] }) });
  // file items (6)
  await addFile("csv1", "dev_admin", { title: "Roads table", type: "CSV", tags: "roads" }, "roads.csv", "id,name\n1,Main\n2,High\n");
  await addFile("csv2", "dev_publisher", { title: "Stations table", type: "CSV" }, "stations.csv", "id,name\n1,North\n");
  await addFile("geojson", "dev_admin", { title: "Parks", type: "GeoJson" }, "parks.geojson", JSON.stringify({ type: "FeatureCollection", features: [] }));
  await addFile("pdf", "dev_admin", { title: "Annual report", type: "PDF" }, "report 2024.pdf", "%PDF-1.4 not really\n");
  await addFile("csv3", "dev_admin", { title: "Roads table", type: "CSV" }, "roads.csv", "id,name\n9,Other\n");
  await addFile("txt", "dev_admin", { title: "Readme", type: "Document Link" }, "readme.txt", "plain text\n");
  // url items (6): an app related to a map (Map2AppConfig), a secured service with a stored password
  await add("app", "dev_admin", { title: "Streets app", type: "Web Mapping Application", url: "https://apps.example.com/streets", originItemId: ids.streets, relationshipType: "Map2AppConfig" });
  // an application with the fields of an app listing (spec.md#item-fields), exported and adopted like the rest
  await add("site", "dev_admin", {
    title: "Open data site", type: "Web Mapping Application", url: "https://opendata.example.com",
    appCategories: JSON.stringify(["Mapping", "Open Data"]), industries: JSON.stringify(["Government"]), languages: JSON.stringify(["en", "pt"]),
    largeThumbnail: "https://opendata.example.com/large.png", banner: "https://opendata.example.com/banner.png",
    screenshot: JSON.stringify(["https://opendata.example.com/s1.png", "https://opendata.example.com/s2.png"]),
    listingProperties: JSON.stringify({ priceType: "free", licenseType: "open" }), advancedSettings: JSON.stringify({ theme: "dark" }),
  });
  await add("secured", "dev_admin", { title: "Secured parcels", type: "Feature Service", url: "https://gis.example.com/arcgis/rest/services/Parcels/FeatureServer", serviceUsername: "svc", servicePassword: "svc-password" });
  await add("service", "dev_admin", { title: "Public parcels", type: "Map Service", url: "https://gis.example.com/arcgis/rest/services/Parcels/MapServer" });
  await add("link", "dev_publisher", { title: "Handbook", type: "Document Link", url: "https://docs.example.com/handbook" });
  await add("wms", "dev_admin", { title: "Imagery WMS", type: "WMS", url: "https://wms.example.com/service" });
  assert.equal(Object.keys(ids).length, 20);
  // statuses: an authoritative and a deprecated item
  await portalPost(emu, "dev_admin", `content/items/${ids.streets}/setContentStatus`, { status: "org_authoritative" });
  await portalPost(emu, "dev_admin", `content/items/${ids.old}/setContentStatus`, { status: "deprecated" });
  // sharing: the export declares each item's access, and adopting it writes nothing
  await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${ids.site}/share`, { everyone: "true", org: "true" });
  await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${ids.rivers}/share`, { everyone: "false", org: "true" });
  return ids;
}

describe("e2e export: an organization as a program the first up adopts without a write", function () {
  this.timeout(900_000);
  let emu: RunningEmulator;
  let ids: Record<string, string>;
  let work: string;
  let project: FixtureProject;
  const env = (extra: Record<string, string | undefined> = {}) => ({ ...process.env, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin, PORTAL_USERNAME: undefined, PORTAL_PASSWORD: undefined, ...extra });
  const exportTo = (dir: string, extra: Record<string, string | undefined> = {}, flags: string[] = []) => run(process.execPath, [bin, "export", "--out", dir, ...flags], { cwd: work, env: env(extra) });
  const pulumi = (args: string[]) => run(path.join(pulumiBinDir(), "pulumi"), [...args, "--stack", "dev", "--non-interactive"], { cwd: project.dir, env: { ...process.env, ...project.env } });
  const writes = async () => (await requestLog(emu)).filter((q) => q.method !== "GET").map((q) => `${q.method} ${q.path.split("?")[0]}`);
  const dataReads = async () => (await requestLog(emu)).map((q) => q.path.split("?")[0]).filter((p) => p.endsWith("/data"));

  before(async () => {
    assert.ok(fs.existsSync(bin), "run `npm run build` first");
    emu = await startEmulator({ port: 0 });
    ids = await seedOrganization(emu);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-export-"));
  });
  after(async () => {
    await emu?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("bad input: no credentials, a wrong token, an unreachable URL, a non-empty --out: one line, exit 2, nothing written", async () => {
    const out = path.join(work, "bad");
    const closed = await new Promise<number>((resolve) => {
      const s = require("node:net").createServer().listen(0, "127.0.0.1", () => {
        const port = s.address().port;
        s.close(() => resolve(port));
      });
    });
    const cases: Array<[string, Record<string, string | undefined>, RegExp]> = [
      ["no credentials", { PORTAL_TOKEN: undefined }, /no credentials: set PORTAL_TOKEN/],
      ["no URL", { PORTAL_URL: undefined }, /PORTAL_URL is not set/],
      ["http:// on a remote host", { PORTAL_URL: "http://portal.example.com" }, /only https is allowed/],
      ["a wrong token", { PORTAL_TOKEN: "not-a-token" }, /refused the credentials \(498/],
      ["an unreachable URL", { PORTAL_URL: `http://127.0.0.1:${closed}` }, /cannot reach the portal at http:\/\/127\.0\.0\.1/],
    ];
    for (const [what, extra, message] of cases) {
      const r = await exportTo(out, extra);
      assert.equal(r.code, 2, `${what}: ${r.stderr}`);
      assert.equal(r.stderr.trim().split("\n").length, 1, `${what}: one line\n${r.stderr}`);
      assert.match(r.stderr, message, what);
      assert.ok(!r.stderr.includes(emu.tokens.dev_admin), `${what}: no secret printed`);
      assert.ok(!fs.existsSync(out), `${what}: nothing written`);
      assert.deepEqual(fs.readdirSync(work).filter((f) => f.startsWith(".bad")), [], `${what}: no staging left`);
    }
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, "keep.txt"), "mine");
    const full = await exportTo(out);
    assert.equal(full.code, 2, full.stderr);
    assert.match(full.stderr, /is not empty; .*--force/);
    assert.deepEqual(fs.readdirSync(out), ["keep.txt"]);
    const usage = await exportTo(out, {}, ["--bogus"]);
    assert.equal(usage.code, 2);
    assert.equal(usage.stderr.trim().split("\n").length, 1, usage.stderr);
  });

  it("export → install → preview (creates only) → up (0 writes) → no changes → 2 edits → up → destroy (nothing removed); a second export is identical", async () => {
    const dir = path.join(work, "org");
    const first = await exportTo(dir);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /20 item\(s\) found|21 item\(s\) found/, "progress on stderr");
    assert.match(first.stderr, /bytes downloaded/);
    const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
    for (const file of ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts", "README.md", "trees/content-categories.yaml", "trees/member-categories.yaml", "files/annual-report/report 2024.pdf"]) {
      assert.ok(fs.existsSync(path.join(dir, file)), `${file} is written`);
    }
    assert.match(program, /new portal\.PortalItem\("overview", /);
    assert.match(program, /new portal\.PortalItem\("overview-2", /);
    assert.match(program, /new portal\.PortalItem\("agua-esgoto", /);
    assert.match(program, /relationship: \{ type: "Map2AppConfig", originItemId: "[0-9a-f]{32}" \} \/\* streets-map \*\//);
    assert.match(program, /ItemStatus\("streets-map-status", \{ itemId: streetsMap\.itemId, status: "org_authoritative", adopt: true \}, adopted\)/);
    assert.match(program, /ItemStatus\("old-streets-status", \{ itemId: oldStreets\.itemId, status: "deprecated", adopt: true \}, adopted\)/);
    assert.match(program, /servicePassword: config\.requireSecret\("securedParcelsServicePassword"\)/);
    assert.match(fs.readFileSync(path.join(dir, "README.md"), "utf8"), /securedParcelsServicePassword/);
    // each text and file item carries export's record of its data (PortalItem adoptedData)
    assert.equal((program.match(/adoptedData: \{ modified: \d+, sha256: "[0-9a-f]{64}" \},/g) ?? []).length, 14, "one record per text or file item");
    const roads = ["roads-table", "roads-table-2"].map((n) => fs.readFileSync(path.join(dir, "files", n, "roads.csv"), "utf8")).sort();
    assert.deepEqual(roads, ["id,name\n1,Main\n2,High\n", "id,name\n9,Other\n"], "two files of the same name, each under its own resource");
    const pristine = Object.fromEntries(exportedFiles(dir).map((f) => [f, fs.readFileSync(path.join(dir, f))]));

    // install with the packed package (and the SDK matching the CLI that ensure-pulumi built)
    const pkgFile = path.join(dir, "package.json");
    const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8"));
    assert.equal(pkg.dependencies["pulumi-gis-portal"], `^${require("../../package.json").version}`);
    pkg.dependencies["pulumi-gis-portal"] = `file:${packedPackage()}`;
    pkg.dependencies["@pulumi/pulumi"] = require("@pulumi/pulumi/package.json").version;
    pkg.devDependencies = { typescript: require("typescript/package.json").version, "@types/node": require("@types/node/package.json").version };
    fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    const install = await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: dir, env: process.env });
    assert.equal(install.code, 0, install.stderr);
    fs.writeFileSync(pkgFile, pristine["package.json"]);

    const backendDir = path.join(work, "state");
    fs.mkdirSync(backendDir);
    project = {
      dir,
      backendDir,
      env: offlineEngineEnv(backendDir, path.join(work, ".pulumi-home")),
      remove: () => undefined,
    };
    await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
      securedParcelsServicePassword: { value: "svc-password", secret: true },
    });

    await clearRequestLog(emu);
    const preview = await pulumi(["preview", "--json"]);
    assert.equal(preview.code, 0, preview.stderr + preview.stdout);
    const doc = JSON.parse(preview.stdout);
    // 2 trees, 20 items (and the emulator's own hosted service), 2 statuses, the stack
    assert.ok(doc.changeSummary.create >= 2 + 20 + 2, JSON.stringify(doc.changeSummary));
    const others = Object.entries(doc.changeSummary).filter(([op, n]) => op !== "create" && op !== "same" && n !== 0);
    assert.deepEqual(others, [], `only creates: ${JSON.stringify(doc.changeSummary)}`);
    const planOf = (name: string) => doc.steps.find((s: any) => s.urn.endsWith(`::${name}`))?.newState?.inputs?.plannedChanges ?? [];
    assert.match(planOf("streets-map")[0], new RegExp(`^= adopt item ${ids.streets} "Streets map" \\(Web Map, owner dev_admin\\): no change$`));
    assert.deepEqual(planOf("content-categories"), ["= adopt the organization's CategorySchema (6 nodes): no change"]);
    assert.deepEqual(planOf("streets-map-status"), [`= adopt the status of item "${ids.streets}" (org_authoritative): no change`]);
    assert.ok(planOf("secured-parcels").some((l: string) => /servicePassword is not compared/.test(l)));
    assert.deepEqual(await writes(), [], "the preview sends no write");
    assert.deepEqual(await dataReads(), [], "the preview reads no item's data: its adoptedData answers for it");

    const up = await pulumi(["up", "--yes", "--skip-preview"]);
    assert.equal(up.code, 0, up.stderr + up.stdout);
    assert.match(up.stdout, /created/);
    assert.deepEqual(await writes(), [], "the first up sends no write to the portal");
    assert.deepEqual(await dataReads(), [], "nor does the up");

    const quiet = await pulumi(["preview", "--expect-no-changes"]);
    assert.equal(quiet.code, 0, quiet.stderr + quiet.stdout);

    // a second export of the same (unchanged) organization, with the bin of the packed package
    const again = path.join(work, "again");
    const second = await run(path.join(dir, "node_modules", ".bin", "pulumi-gis-portal"), ["export", "--out", again], { cwd: work, env: env() });
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(exportedFiles(again), Object.keys(pristine));
    for (const f of Object.keys(pristine)) assert.ok(fs.readFileSync(path.join(again, f)).equals(pristine[f]), `${f} is identical`);

    // one title and one tree node edited in the generated files
    fs.writeFileSync(path.join(dir, "index.ts"), program.replace('title: "Rivers",', 'title: "Rivers and streams",'));
    const treeFile = path.join(dir, "trees", "content-categories.yaml");
    fs.writeFileSync(treeFile, fs.readFileSync(treeFile, "utf8").replace("- title: Soils", "- title: Soil types"));
    await clearRequestLog(emu);
    const edited = await pulumi(["preview", "--json"]);
    assert.equal(edited.code, 0, edited.stderr);
    const editDoc = JSON.parse(edited.stdout);
    assert.equal(editDoc.changeSummary.update, 2, JSON.stringify(editDoc.changeSummary));
    assert.deepEqual(Object.entries(editDoc.changeSummary).filter(([op, n]) => op !== "update" && op !== "same" && n !== 0), []);
    const steps = editDoc.steps.filter((s: any) => s.op === "update");
    assert.deepEqual(steps.map((s: any) => s.urn.split("::").pop()).sort(), ["content-categories", "rivers"]);
    const lines = steps.flatMap((s: any) => s.newState.inputs.plannedChanges ?? []);
    assert.ok(lines.includes('~ title: "Rivers" → "Rivers and streams"'), lines.join("\n"));
    assert.ok(lines.some((l: string) => l.startsWith("~ rename Categories/Land/Soils → Categories/Land/Soil types")), lines.join("\n"));
    assert.deepEqual(await writes(), []);

    const apply = await pulumi(["up", "--yes", "--skip-preview"]);
    assert.equal(apply.code, 0, apply.stderr + apply.stdout);
    assert.match(apply.stdout, /2 updated/);
    const applied = await writes();
    assert.deepEqual(applied.map((w) => w.split("/").pop()).sort(), ["assignCategorySchema", "update"], applied.join("\n"));
    const rivers = await portalGet(emu, "dev_admin", `content/items/${ids.rivers}`);
    assert.equal(rivers.title, "Rivers and streams");
    assert.ok(rivers.typeKeywords.some((k: string) => k.startsWith("pulumigisportalr")), "the first write marks the adopted item as the stack's");

    await clearRequestLog(emu);
    const destroy = await pulumi(["destroy", "--yes", "--skip-preview"]);
    assert.equal(destroy.code, 0, destroy.stderr + destroy.stdout);
    assert.deepEqual(await writes(), [], "destroy of an adopted stack removes nothing");
    for (const [key, id] of Object.entries(ids)) assert.equal((await portalGet(emu, "dev_admin", `content/items/${id}`)).id, id, `${key} is still in the portal`);
    assert.equal((await portalGet(emu, "dev_admin", `content/items/${ids.streets}`)).contentStatus, "org_authoritative");
    const orgId = (await portalGet(emu, "dev_admin", "portals/self")).id;
    assert.equal((await portalGet(emu, "dev_admin", `portals/${orgId}/categorySchema`)).categorySchema[0].title, "Categories");
  });
});
