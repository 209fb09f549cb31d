// The test machinery itself: scripts/run-tests.js (CI reads its last line, people read its times)
// and the build-keyed cache of packed tarballs and npm installs the fixture projects copy
// (test/support/fixtureCache.ts).
import { strict as assert } from "node:assert";
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cachedDir, contentKey, installInto, installedTemplate } from "../support/fixtureCache";

const root = path.resolve(__dirname, "..", "..");

describe("test machinery: scripts/run-tests.js", function () {
  this.timeout(120_000);

  it("ends with exactly `N passed, N failed`, after each layer's time and cpu, the total and the slowest files; --report lists each test", () => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "run-tests-")), "report.json");
    const r = spawnSync(process.execPath, ["scripts/run-tests.js", "--layers", "replay", "--no-checks", "--grep", "numbers as text in total", "--report", report], { cwd: root, encoding: "utf8" });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines[lines.length - 1], "1 passed, 0 failed");
    assert.match(r.stdout, /^ {2}replay layer +\d+\.\d s +1 passed, 0 failed +(cpu \d+\.\d s, )?1 tests$/m);
    assert.match(r.stdout, /^ {2}total +\d+\.\d s \(\d+:\d\d\)/m);
    assert.match(r.stdout, /^ +\d+\.\d s {2}test\/replay\/replay\.test\.ts$/m);
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    assert.deepEqual(
      json.tests.filter((t: { state: string }) => t.state !== "hook").map((t: { layer: string; file: string; state: string }) => [t.layer, t.file, t.state]),
      [["replay", "test/replay/replay.test.ts", "passed"]],
    );
    assert.equal(json.parts[0].name, "replay");
    fs.rmSync(path.dirname(report), { recursive: true, force: true });
  });

  it("a bad argument fails the run with `0 passed, 1 failed`; a run where nothing passed fails", () => {
    const bad = spawnSync(process.execPath, ["scripts/run-tests.js", "--layers", "nosuch", "--no-checks"], { cwd: root, encoding: "utf8" });
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /unknown layer nosuch/);
    assert.equal(bad.stdout.trimEnd().split("\n").pop(), "0 passed, 1 failed");
    const none = spawnSync(process.execPath, ["scripts/run-tests.js", "--layers", "replay", "--no-checks", "--grep", "no test has this title"], { cwd: root, encoding: "utf8" });
    assert.notEqual(none.status, 0);
    assert.equal(none.stdout.trimEnd().split("\n").pop(), "0 passed, 0 failed");
  });
});

describe("test machinery: the build-keyed cache of fixture installs", function () {
  this.timeout(120_000);
  let tmp: string;
  const saved = process.env.PORTAL_TEST_CACHE;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fixture-cache-"));
    process.env.PORTAL_TEST_CACHE = path.join(tmp, "cache");
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PORTAL_TEST_CACHE;
    else process.env.PORTAL_TEST_CACHE = saved;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("the key follows the packed files' names and bytes, and nothing else", () => {
    const pkg = path.join(tmp, "pkg");
    fs.mkdirSync(path.join(pkg, "dist"), { recursive: true });
    fs.writeFileSync(path.join(pkg, "dist", "a.js"), "a");
    fs.writeFileSync(path.join(pkg, "package.json"), "{}");
    const key = contentKey(pkg, ["dist", "package.json", "README.md"]);
    assert.equal(contentKey(pkg, ["dist", "package.json", "README.md"]), key, "same files, same key");
    fs.utimesSync(path.join(pkg, "dist", "a.js"), new Date(0), new Date(0));
    assert.equal(contentKey(pkg, ["dist", "package.json", "README.md"]), key, "a rebuild with the same bytes keeps the key");
    fs.writeFileSync(path.join(pkg, "unpacked.txt"), "x");
    assert.equal(contentKey(pkg, ["dist", "package.json", "README.md"]), key, "a file npm does not pack leaves it");
    fs.writeFileSync(path.join(pkg, "dist", "a.js"), "b");
    const changed = contentKey(pkg, ["dist", "package.json", "README.md"]);
    assert.notEqual(changed, key, "a changed byte");
    fs.renameSync(path.join(pkg, "dist", "a.js"), path.join(pkg, "dist", "b.js"));
    assert.notEqual(contentKey(pkg, ["dist", "package.json", "README.md"]), changed, "a renamed file");
    assert.notEqual(contentKey(pkg, ["dist", "package.json", "README.md"], "--ignore-scripts"), contentKey(pkg, ["dist", "package.json", "README.md"]), "other pack arguments");
  });

  it("an entry is made once, whole or not at all; one made meanwhile by another process is used", () => {
    let made = 0;
    const make = (d: string) => {
      made++;
      fs.writeFileSync(path.join(d, "f"), "1");
    };
    const a = cachedDir("entry", make);
    assert.equal(cachedDir("entry", make), a);
    assert.equal(made, 1);
    assert.equal(fs.readFileSync(path.join(a, "f"), "utf8"), "1");
    assert.throws(() => cachedDir("broken", () => {
      throw new Error("npm failed");
    }), /npm failed/);
    assert.deepEqual(fs.readdirSync(process.env.PORTAL_TEST_CACHE!).sort(), ["entry"], "nothing left of the failed make");
    // another process finishes the same entry first: this one's rename fails, and theirs is used
    const theirs = cachedDir("raced", (d) => {
      const final = path.join(process.env.PORTAL_TEST_CACHE!, "raced");
      fs.mkdirSync(final);
      fs.writeFileSync(path.join(final, "f"), "theirs");
      fs.writeFileSync(path.join(d, "f"), "mine");
    });
    assert.equal(fs.readFileSync(path.join(theirs, "f"), "utf8"), "theirs");
    assert.deepEqual(fs.readdirSync(process.env.PORTAL_TEST_CACHE!).sort(), ["entry", "raced"]);
  });

  it("projects get copies of one npm install: their own files, lock files naming them, npm's own view intact", () => {
    const lib = path.join(tmp, "lib");
    fs.mkdirSync(lib);
    fs.writeFileSync(path.join(lib, "package.json"), JSON.stringify({ name: "tiny-lib", version: "1.0.0", main: "index.js" }));
    fs.writeFileSync(path.join(lib, "index.js"), "module.exports = 42;\n");
    // a tarball, as the fixture projects install the package (a file: directory would be a symlink)
    const tgz = execFileSync("npm", ["pack", "--silent", "--pack-destination", tmp], { cwd: lib, encoding: "utf8" }).trim().split("\n").pop()!;
    const manifest = { dependencies: { "tiny-lib": `file:${path.join(tmp, tgz)}` } };
    const projects = ["one", "two"].map((name) => {
      const dir = path.join(tmp, name);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, ...manifest }));
      installInto(dir, manifest);
      return dir;
    });
    const template = installedTemplate(manifest);
    assert.equal(fs.readdirSync(process.env.PORTAL_TEST_CACHE!).filter((e) => e.startsWith("install-")).length, 1, "one install for both");
    for (const [i, dir] of projects.entries()) {
      const name = ["one", "two"][i];
      assert.equal(execFileSync(process.execPath, ["-p", "require('tiny-lib')"], { cwd: dir, encoding: "utf8" }).trim(), "42");
      assert.equal(JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).name, name);
      assert.equal(JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages[""].name, name);
      // npm sees the copied tree as installed: nothing to add, nothing extraneous
      const ls = JSON.parse(execFileSync("npm", ["ls", "--json"], { cwd: dir, encoding: "utf8" }));
      assert.equal(ls.name, name);
      assert.ok(ls.dependencies["tiny-lib"], JSON.stringify(ls));
      assert.ok(!ls.problems, JSON.stringify(ls.problems));
    }
    // a copy, not a link: one project's change reaches neither the other nor the cache
    assert.ok(!fs.lstatSync(path.join(projects[0], "node_modules", "tiny-lib")).isSymbolicLink());
    fs.writeFileSync(path.join(projects[0], "node_modules", "tiny-lib", "index.js"), "module.exports = 0;\n");
    assert.equal(fs.readFileSync(path.join(projects[1], "node_modules", "tiny-lib", "index.js"), "utf8"), "module.exports = 42;\n");
    assert.equal(fs.readFileSync(path.join(template, "node_modules", "tiny-lib", "index.js"), "utf8"), "module.exports = 42;\n");
  });
});
