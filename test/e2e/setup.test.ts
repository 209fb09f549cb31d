// Issue 29 scope 7, setup traps: a fresh copy of the repository (no dist/) packs into a package that
// has its code (`prepack` builds: npm pack WITH scripts), and the tsconfig of the examples and of an
// exported project compiles a small program with TypeScript 5.9 (node_modules) and 6.0 (typescript@6.0.3
// from the npm registry, installed once into the cache the Go tools use, outside the repository).
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { TSCONFIG } from "../../cli/export/project";

const root = path.resolve(__dirname, "..", "..");
const modules = fs.realpathSync(path.join(root, "node_modules"));

/** TypeScript 6 beside the tests' 5.9: installed once under ~/.cache/pulumi-gis-portal (a second tsc bin in node_modules would shadow the build's). */
function typescript6(): string {
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-gis-portal", "typescript-6.0.3");
  const pkg = path.join(dir, "node_modules", "typescript");
  if (!fs.existsSync(path.join(pkg, "bin", "tsc"))) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", dir, "typescript@6.0.3"], { stdio: ["ignore", "pipe", "pipe"] });
  }
  return pkg;
}

describe("setup (issue 29 scope 7)", function () {
  this.timeout(600_000);
  const temps: string[] = [];
  const temp = (prefix: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    temps.push(d);
    return d;
  };
  after(() => {
    for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
  });

  it("npm pack of a fresh copy (no dist/, scripts run) gives a package with dist/resources/index.js and the provider, without the emulator", () => {
    const copy = temp("portal-fresh-");
    // the repository's files as a clone has them: tracked and new files, not ignored ones (no dist/)
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((f) => f !== "" && f !== "node_modules" && fs.existsSync(path.join(root, f)));
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
      fs.copyFileSync(path.join(root, f), path.join(copy, f));
    }
    assert.ok(!fs.existsSync(path.join(copy, "dist")), "the copy starts without a build");
    fs.symlinkSync(modules, path.join(copy, "node_modules"));
    const out = temp("portal-packed-");
    execFileSync("npm", ["pack", "--pack-destination", out], { cwd: copy, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const tarball = fs.readdirSync(out).find((f) => f.endsWith(".tgz"));
    assert.ok(tarball, `no tarball in ${out}`);
    const listed = execFileSync("tar", ["-tzf", path.join(out, tarball)], { encoding: "utf8" }).split("\n");
    for (const f of ["package/dist/resources/index.js", "package/dist/resources/index.d.ts", "package/dist/provider/index.js", "package/package.json"]) {
      assert.ok(listed.includes(f), `${f} is not in the package (prepack did not build?)`);
    }
    assert.ok(!listed.some((f) => f.startsWith("package/dist/emulator/")), "the emulator is its own package");
  });

  for (const [which, major] of [["5.9", /^5\.9\./], ["6.0", /^6\.0\./]] as const)
  it(`the examples' tsconfig and an exported project's compile a program that imports the Pulumi SDK and Node (TypeScript ${which})`, () => {
    const pkg = which === "5.9" ? path.join(modules, "typescript") : typescript6();
    const tsc = path.join(pkg, "bin", "tsc");
    const version = require(path.join(pkg, "package.json")).version as string;
    assert.match(version, major, `TypeScript ${which}'s version`);
    const configs: Array<[string, string]> = fs
      .readdirSync(path.join(root, "examples"))
      .filter((e) => fs.existsSync(path.join(root, "examples", e, "tsconfig.json")))
      .map((e) => [`examples/${e}/tsconfig.json`, fs.readFileSync(path.join(root, "examples", e, "tsconfig.json"), "utf8")]);
    assert.ok(configs.length >= 3, "examples with a tsconfig");
    configs.push(["cli/export/project.ts TSCONFIG", TSCONFIG]);
    const program = [
      'import * as path from "node:path";',
      'import * as pulumi from "@pulumi/pulumi";',
      "const config = new pulumi.Config();",
      'export const where: string = path.join(__dirname, config.get("dir") ?? "data");',
      "",
    ].join("\n");
    for (const [name, text] of configs) {
      const dir = temp("portal-tsconfig-");
      fs.writeFileSync(path.join(dir, "tsconfig.json"), text);
      fs.writeFileSync(path.join(dir, "index.ts"), program);
      fs.symlinkSync(modules, path.join(dir, "node_modules"));
      try {
        execFileSync(process.execPath, [tsc, "-p", dir, "--outDir", path.join(dir, "out")], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      } catch (e: any) {
        assert.fail(`${name} does not compile with TypeScript ${version}:\n${e.stdout}${e.stderr}`);
      }
      // node16 emits CommonJS for a package without "type": "module" (what `pulumi up` runs)
      assert.match(fs.readFileSync(path.join(dir, "out", "index.js"), "utf8"), /require\("@pulumi\/pulumi"\)/, `${name}: CommonJS output`);
    }
  });
});
