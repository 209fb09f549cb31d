// No patch of another project's private API, and no global state changed, in what ships (issue 42).
// The runtime files are what `npm pack` puts in the package (its JavaScript: dist/ less the
// emulator, policy-pack/) and what the emulator package ships (packages/emulator/dist, built from
// emulator/ and spec/), plus the TypeScript those are compiled from (tsconfig.build.json), so the
// sources are checked even before a build. A file may use one of the patterns only if it is in
// ALLOWED with the test that runs it against every supported version of the dependency it touches.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

interface Rule {
  name: string;
  /** Matched against the file's text without comments. */
  test: (code: string) => boolean;
}

const re = (name: string, pattern: RegExp): Rule => ({ name, test: (code) => pattern.test(code) });

export const RULES: Rule[] = [
  re("undici's internal files (require or import of undici/lib/…)", /(?:require\(\s*|from\s+|import\(\s*)["']undici\/lib\//),
  re("grpc-js's private Server#_retrieveHandler", /_retrieveHandler/),
  re("Node's private Module._… (Module._load, _nodeModulePaths, _resolveFilename, _extensions, _compile, _cache…)", /\bModule\b\s*(?:as\s+[^)]*)?\)?\s*\.\s*_[A-Za-z]|\b_nodeModulePaths\b|\b_resolveFilename\b/),
  re("Buffer's undocumented utf8Write/utf8Slice (and the other encodings' …Write/…Slice)", /\.\s*(?:utf8|latin1|ascii|ucs2|hex|base64|base64url)(?:Write|Slice)\s*\(|\butf8Write\b|\butf8Slice\b/),
  re("an assignment to console.error", /\bconsole\s*\.\s*error\s*=(?!=)|defineProperty\(\s*console\s*,\s*["']error["']/),
  re("an assignment to Error.stackTraceLimit", /\bError\s*\.\s*stackTraceLimit\s*(?:=(?!=)|\+=|-=)/),
  {
    name: "a write under the home directory (os.homedir() or $HOME, and a file write in the same file)",
    test: (code) => /\bhomedir\s*\(|process\.env\.HOME\b|process\.env\[["']HOME["']\]/.test(code) && /\b(?:writeFile|writeFileSync|appendFile|appendFileSync|mkdir|mkdirSync|createWriteStream|rename|renameSync|copyFile|copyFileSync|cpSync|mkdtemp|mkdtempSync)\s*\(/.test(code),
  },
];

/**
 * Files allowed a pattern, each with the test that runs it across the dependency's supported
 * versions (its version-matrix test). Empty: nothing in the package needs one.
 */
export const ALLOWED: Array<{ file: string; rule: string; matrixTest: string }> = [];

/** The code without comments: a comment may name what the code no longer does. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\/])\/\/.*$/gm, "$1");
}

/** Rules a text breaks. */
export function broken(text: string): string[] {
  const code = withoutComments(text);
  return RULES.filter((r) => r.test(code)).map((r) => r.name);
}

function walk(dir: string, keep: (f: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : walk(p, keep);
    return keep(p) ? [p] : [];
  });
}

const isScript = (f: string) => /\.(?:c|m)?js$/.test(f) || (/\.ts$/.test(f) && !/\.d\.ts$/.test(f));

/** What `npm pack` ships of the root package (its scripts), relative to ROOT. */
function packedFiles(): string[] {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path).filter(isScript);
}

/** The TypeScript the shipped JavaScript is compiled from (tsconfig.build.json's include, less tests). */
function sourceFiles(): string[] {
  const build = JSON.parse(fs.readFileSync(path.join(ROOT, "tsconfig.build.json"), "utf8")) as { include: string[] };
  return build.include.flatMap((d) => walk(path.join(ROOT, d), (f) => isScript(f) && !f.endsWith(".test.ts"))).map((f) => path.relative(ROOT, f));
}

/** What the emulator package ships (packages/emulator, staged by `npm run build`). */
function emulatorPackageFiles(): string[] {
  return walk(path.join(ROOT, "packages", "emulator", "dist"), isScript).map((f) => path.relative(ROOT, f));
}

describe("unit: no patch of another project's private API in the runtime files (issue 42)", function () {
  this.timeout(60_000);

  it("each rule catches what it is for, and not its look-alikes", () => {
    const caught: Array<[string, boolean]> = [
      ['const A = require("undici/lib/dispatcher/agent");', true],
      ['import { Agent } from "undici";', false],
      ["proto._retrieveHandler = wrap;", true],
      ["(Module as unknown as { _nodeModulePaths(d: string): string[] })._nodeModulePaths(dir);", true],
      ["Module._load = patched;", true],
      ['Module.createRequire(file);', false],
      ["n = buf.utf8Write(s, 4);", true],
      ["s = bytes.latin1Slice(0, 38);", true],
      ['s = bytes.toString("utf8", 0, 4);', false],
      ["console.error = (...a) => undefined;", true],
      ['Object.defineProperty(console, "error", { value: f });', true],
      ["if (console.error === original) ok();", false],
      ["Error.stackTraceLimit = 0;", true],
      ["const limit = Error.stackTraceLimit;", false],
      ['fs.mkdirSync(path.join(os.homedir(), ".cache", "x"), { recursive: true });', true],
      ['const dir = path.join(os.homedir(), ".pulumi");', false],
      ["// Module._load and console.error = were patched here once", false],
    ];
    for (const [text, expected] of caught) assert.equal(broken(text).length > 0, expected, text);
  });

  it("every allowed file names an existing version-matrix test (the list is empty today)", () => {
    for (const a of ALLOWED) {
      assert.ok(RULES.some((r) => r.name === a.rule), `${a.file}: no rule named ${a.rule}`);
      assert.ok(fs.existsSync(path.join(ROOT, a.matrixTest)), `${a.file}: its version-matrix test ${a.matrixTest} does not exist`);
    }
    assert.deepEqual(ALLOWED, []);
  });

  it("the package's runtime files, the emulator package's and their sources break no rule", () => {
    const packed = packedFiles();
    if (!packed.includes("dist/provider/served.js")) throw new Error("build first (npm run build): npm pack lists no dist/provider/served.js");
    assert.ok(packed.includes("dist/provider/served.bundle.js"), "the provider bundle is shipped and checked");
    const emulator = emulatorPackageFiles();
    assert.ok(emulator.some((f) => f.endsWith(path.join("emulator", "cli.js"))), "build first (npm run build): packages/emulator/dist is missing");
    const sources = sourceFiles();
    assert.ok(sources.includes(path.join("provider", "served.ts")) && sources.some((f) => f.startsWith(`emulator${path.sep}`)));
    const found: string[] = [];
    for (const file of [...new Set([...packed, ...emulator, ...sources])]) {
      for (const rule of broken(fs.readFileSync(path.join(ROOT, file), "utf8"))) {
        if (!ALLOWED.some((a) => a.file === file && a.rule === rule)) found.push(`${file}: ${rule}`);
      }
    }
    assert.deepEqual(found, [], `patches of another project's private API or of global state:\n${found.join("\n")}`);
  });
});
