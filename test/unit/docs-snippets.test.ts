// The TypeScript snippets of docs/functions.md compile as a copied program would: each block is a
// file checked with the compiler options of the examples' tsconfig.json (CommonJS through
// module node16, so no top-level await), `pulumi-gis-portal` resolving to this checkout's sources.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..");
const PAGES = ["docs/functions.md"];

/** The ```ts blocks of a Markdown text. */
export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** The examples' compiler options, with the package resolved to this checkout. */
function compilerOptions(): ts.CompilerOptions {
  const file = path.join(ROOT, "examples", "categories", "tsconfig.json");
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  assert.equal(error, undefined, `examples/categories/tsconfig.json: ${error?.messageText}`);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, path.dirname(file));
  return { ...options, noEmit: true, baseUrl: ROOT, paths: { "pulumi-gis-portal": ["resources/index.ts"] }, typeRoots: [path.join(ROOT, "node_modules", "@types")], types: ["node"] };
}

/** The compiler's complaints about each snippet, as `page block n: message`. */
function diagnostics(snippets: { name: string; code: string }[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-snippets-"));
  try {
    // beside the package's own node_modules, so @pulumi/pulumi resolves as in a program
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const files = snippets.map((s, i) => {
      const f = path.join(dir, `snippet${i}.ts`);
      fs.writeFileSync(f, `${s.code}\nexport {};\n`);
      return { f, name: s.name };
    });
    const program = ts.createProgram(files.map((x) => x.f), compilerOptions());
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file !== undefined && d.file.fileName.startsWith(dir))
      .map((d) => `${files.find((x) => x.f === d.file!.fileName)?.name}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const PROBE = 'import * as portal from "pulumi-gis-portal";\nconst r = await portal.getUrlReport({ urlType: "portalUrl" });\nconsole.log(r.items.length);';

describe("unit: the snippets of the user docs compile under the examples' tsconfig", () => {
  let problems: string[] = [];
  const blocks = PAGES.map((page) => ({ page, blocks: tsBlocks(fs.readFileSync(path.join(ROOT, page), "utf8")) }));
  before(function () {
    this.timeout(180000);
    // one program for every snippet and a probe with a top-level await, which must be refused
    problems = diagnostics([{ name: "probe", code: PROBE }, ...blocks.flatMap(({ page, blocks: b }) => b.map((code, i) => ({ name: `${page} block ${i + 1}`, code })))]);
  });

  it("a top-level await is refused there, so the check can fail", () => {
    assert.ok(problems.some((p) => p.startsWith("probe:") && /await/i.test(p)), `expected a top-level await error, got: ${problems.join("; ")}`);
  });

  for (const { page, blocks: b } of blocks) {
    it(`${page}: every ts block compiles`, () => {
      assert.ok(b.length > 0, `${page} has no ts block`);
      assert.deepEqual(problems.filter((p) => p.startsWith(`${page} `)), []);
    });
  }
});
