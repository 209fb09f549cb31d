// What `npm install pulumi-gis-portal` brings in the way of documents: the README, the changelog,
// the license and the user docs; no contributor doc (docs/dev/, CONTRIBUTING.md, the performance
// log). Read from `npm pack --dry-run --json`, the list npm itself would put in the tarball
// (--ignore-scripts: the documents do not depend on the build).
import * as assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { userPages } from "./docPages";

const ROOT = path.resolve(__dirname, "..", "..");

function packedFiles(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [pack] = JSON.parse(out) as { files: { path: string }[] }[];
  return pack.files.map((f) => f.path);
}

describe("unit: the npm package ships the user docs and no contributor doc", () => {
  let files: string[];
  before(function () {
    this.timeout(60000);
    files = packedFiles();
  });

  it("holds no docs/dev page, no CONTRIBUTING.md and no performance log", () => {
    const contributor = files.filter((f) => f.startsWith("docs/dev/") || /(^|\/)CONTRIBUTING\.md$/i.test(f) || /(^|\/)performance\.md$/.test(f) || /(^|\/)decisions\.md$/.test(f) || /(^|\/)spec\.md$/.test(f));
    assert.deepEqual(contributor, [], `contributor docs in the tarball: ${contributor.join(", ")}`);
  });

  it("holds README.md, CHANGELOG.md, LICENSE and every user page under docs/", () => {
    for (const f of ["README.md", "CHANGELOG.md", "LICENSE"]) assert.ok(files.includes(f), `${f} is not in the tarball`);
    const docs = userPages().filter((p) => p.startsWith("docs/"));
    assert.ok(docs.length >= 10, `only ${docs.length} user pages found`);
    for (const p of docs) assert.ok(files.includes(p), `${p} is not in the tarball`);
  });

  it("every contributor doc in the repository is one the tarball leaves out", () => {
    const dev = fs.readdirSync(path.join(ROOT, "docs", "dev")).filter((f) => f.endsWith(".md"));
    assert.ok(dev.includes("performance.md") && dev.includes("decisions.md"), "docs/dev holds the performance log and the decisions");
    for (const f of dev) assert.ok(!files.includes(`docs/dev/${f}`), f);
  });
});
