// The examples' files, without installing anything (test/e2e/examples-copied.test.ts runs them):
// each has a README with a "Try it" block, a .gitignore for node_modules and the provider's local
// records, and a lockfile in step with its package.json; their words are the portal's; every
// portal:serviceUrl is a feature services' root; the root Pulumi.yaml describes the program it runs.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { EXAMPLES, EXAMPLES_DIR } from "../e2e/examplesCopied";

const root = path.resolve(__dirname, "..", "..");
const TEMPLATES = path.join(EXAMPLES_DIR, "templates");

/** Every file of a folder but installed packages and lockfiles (relative paths). */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name === "package-lock.json") continue;
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(path.relative(dir, path.join(d, e.name)));
    }
  };
  walk(dir);
  return out;
}

describe("unit: examples as a user copies them", () => {
  for (const name of EXAMPLES) {
    const dir = path.join(EXAMPLES_DIR, name);
    it(`examples/${name}: README with the commands, .gitignore, a lockfile in step with package.json`, () => {
      const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
      assert.match(readme, /^## Try it against the local emulator\n[\s\S]*?```sh\nnpm ci\n[\s\S]*?npx portal-emulator[\s\S]*?pulumi stack init [\s\S]*?pulumi preview/m);
      const ignored = fs.readFileSync(path.join(dir, ".gitignore"), "utf8").split("\n");
      assert.ok(ignored.includes("node_modules/") && ignored.includes(".pulumi-gis-portal/"), ignored.join("|"));
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
      const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"));
      assert.equal(lock.lockfileVersion, 3);
      assert.deepEqual(lock.packages[""].dependencies, pkg.dependencies, "regenerate with scripts/example-lockfiles");
      assert.deepEqual(lock.packages[""].devDependencies, pkg.devDependencies, "regenerate with scripts/example-lockfiles");
      for (const own of ["pulumi-gis-portal", "pulumi-gis-portal-emulator"]) {
        const entry = lock.packages[`node_modules/${own}`];
        assert.equal(entry?.resolved, `https://registry.npmjs.org/${own}/-/${own}-${entry?.version}.tgz`, `${own} resolves at the public registry`);
      }
      for (const [dep, entry] of Object.entries(lock.packages as Record<string, { resolved?: string; link?: boolean }>)) {
        if (dep === "") continue;
        assert.ok(!entry.link && entry.resolved?.startsWith("https://registry.npmjs.org/"), `${dep}: ${entry.resolved}`);
      }
    });
  }

  it("the examples and templates speak the portal's words: no seed sections, issue numbers, spec anchors or test paths", () => {
    for (const dir of [...EXAMPLES.map((n) => path.join(EXAMPLES_DIR, n)), TEMPLATES]) {
      for (const file of files(dir)) {
        const text = fs.readFileSync(path.join(dir, file), "utf8");
        for (const bad of [/\bseed\b/i, /\bissue \d+/i, /spec\.md/, /\btest\/(unit|e2e|support|fixtures)\//]) {
          assert.doesNotMatch(text, bad, `${path.relative(root, path.join(dir, file))}`);
        }
      }
    }
  });

  it("portal:serviceUrl is a feature services' root in every stack config, never one service", () => {
    let seen = 0;
    for (const name of EXAMPLES) {
      for (const file of files(path.join(EXAMPLES_DIR, name)).filter((f) => /^Pulumi\.[^.]+\.yaml$/.test(f))) {
        const config = parse(fs.readFileSync(path.join(EXAMPLES_DIR, name, file), "utf8"))?.config ?? {};
        for (const [key, value] of Object.entries(config)) {
          if (!/serviceUrl$/.test(key)) continue;
          assert.equal(key, "portal:serviceUrl", `examples/${name}/${file}: the services' root is portal:serviceUrl`);
          assert.match(String(value), /\/rest\/services$/, `examples/${name}/${file}`);
          seen++;
        }
      }
    }
    assert.ok(seen >= 2, "catalogue and csv-upsert set it");
  });

  it("the template: ${PROJECT} and ${DESCRIPTION} placeholders, and config with a default portal", () => {
    const dir = path.join(TEMPLATES, "portal-typescript");
    const project = parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"));
    assert.equal(project.name, "${PROJECT}");
    assert.equal(project.description, "${DESCRIPTION}");
    assert.equal(project.template.config["portal:url"].default, "http://127.0.0.1:7443");
    assert.equal(project.template.config["portal:token"].secret, true);
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name, "${PROJECT}");
  });

  it("the root Pulumi.yaml runs examples/categories and describes what that program manages", () => {
    const text = fs.readFileSync(path.join(root, "Pulumi.yaml"), "utf8");
    const project = parse(text);
    assert.equal(path.normalize(project.main), path.normalize("examples/categories/"));
    const program = fs.readFileSync(path.join(root, project.main, "index.ts"), "utf8");
    // what the description promises, the program has; what it does not have, the description does not promise
    for (const [word, kind] of [["categor", "CategorySchema"], ["group", "Group"], ["folder", "Folder"], ["map", "PortalItem"]] as const) {
      assert.match(project.description.toLowerCase(), new RegExp(word));
      assert.match(program, new RegExp(`new portal\\.${kind}\\(`));
    }
    assert.doesNotMatch(program, /new portal\.LayerAppend\(/);
    assert.doesNotMatch(project.description, /catalogue|layer load|append/i);
  });
});
