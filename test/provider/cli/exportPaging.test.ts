// Issue 24 (large organizations), the untimed part: an organization of 1,000 items, 12 groups and 3
// folders is read whole by export (search, group search, user content and group content all page),
// and search answers stay right at the page boundaries (no item twice, none missing, nextStart -1
// after the last page).
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { clientFromConfig } from "../../../provider/config";
import { readOrganization } from "../../../cli/export/read";
import { portalPost } from "../resources/portalCalls";

describe("export and search page through a 1,000-item organization (issue 24)", function () {
  this.timeout(300_000);
  let emu: RunningEmulator;
  let dir: string;
  const N = 1000;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-paging-"));
    const folders = await Promise.all(["A", "B", "C"].map(async (t) => (await portalPost(emu, "dev_admin", "content/users/dev_admin/createFolder", { title: t })).folder.id as string));
    const groups: string[] = [];
    for (let g = 0; g < 12; g++) groups.push((await portalPost(emu, "dev_admin", "community/createGroup", { title: `Group ${g}`, access: "org" })).group.id);
    for (let i = 0; i < N; i++) {
      const where = i % 4 === 3 ? "" : `${folders[i % 4]}/`;
      const r = await portalPost(emu, "dev_admin", `content/users/dev_admin/${where}addItem`, { title: `Map ${String(i).padStart(4, "0")}`, type: "Web Map", text: "{}" });
      if (i % 10 === 0) await portalPost(emu, "dev_admin", `content/users/dev_admin/items/${r.id}/share`, { groups: groups[i % 12], org: "true" });
    }
  });
  after(async () => {
    await emu?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("search pages of 100 return every item once; the last page says nextStart -1", async () => {
    const seen = new Set<string>();
    let start = 1;
    let pages = 0;
    while (start > 0) {
      const q = new URLSearchParams({ f: "json", token: emu.tokens.dev_admin, q: "owner:dev_admin", num: "100", start: String(start) });
      const r: any = await (await fetch(`${emu.sharingUrl}/search?${q}`)).json();
      assert.equal(r.total, N);
      for (const item of r.results) {
        assert.ok(!seen.has(item.id), `${item.id} twice (page ${pages + 1})`);
        seen.add(item.id);
      }
      pages++;
      assert.equal(r.nextStart, start + 100 <= N ? start + 100 : -1, `page ${pages}`);
      start = r.nextStart;
    }
    assert.equal(seen.size, N);
    assert.equal(pages, 10);
  });

  it("export reads all 1,000 items, the 12 groups with their members, the 3 folders and each item's groups", async () => {
    const client = clientFromConfig(undefined, { PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin });
    try {
      const snapshot = await readOrganization(client, { dir, owners: [], items: true, schemas: false, progress: () => undefined });
      // the emulator's default organization also holds its hosted service's item
      assert.equal(snapshot.items.filter((e) => e.item.type === "Web Map").length, N);
      assert.equal(snapshot.groups?.length, 12);
      assert.deepEqual(snapshot.folders?.map((f) => f.title).sort(), ["A", "B", "C"]);
      assert.equal(snapshot.items.filter((e) => (e.groups ?? []).length > 0).length, N / 10);
      assert.equal(snapshot.items.filter((e) => typeof e.item.ownerFolder === "string").length, 750);
    } finally {
      await client.close();
    }
  });
});
