// `npm run gen` writes the public Args and outputs, the kinds, the stubs and the docs tables from the
// resource definitions (scripts/gen.ts). Here the generation runs into memory: a checked-in file
// that differs from it, or one the generation no longer writes, fails. The public declarations the
// build emits for resources/ are plain: no conditional, `infer` or template literal type.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { generate, ROOT, staleFiles } from "../../scripts/gen";

const HINT = "run `npm run gen` and commit what it writes";

describe("unit: the generated files agree with the resource definitions", () => {
  const files = generate();

  for (const [file, text] of files) {
    it(`${file} is as \`npm run gen\` writes it`, () => {
      const full = path.join(ROOT, file);
      assert.ok(fs.existsSync(full), `${file} is missing: ${HINT}`);
      assert.ok(fs.readFileSync(full, "utf8") === text, `${file} differs from a fresh generation: ${HINT}`);
    });
  }

  it("no file in a generated folder is left over", () => {
    assert.deepEqual(staleFiles(files), [], `files the generation no longer writes: ${HINT}`);
  });

  it("each row of a property table has one facet a line (lines of 120 characters at most: eslint max-len)", () => {
    const dirs = fs.readdirSync(path.join(ROOT, "provider", "resources"), { withFileTypes: true }).filter((e) => e.isDirectory());
    const tables = dirs.map((e) => path.join("provider", "resources", e.name, "table.ts")).filter((f) => fs.existsSync(path.join(ROOT, f)));
    assert.ok(tables.length >= 7, tables.join(", "));
    const crowded = tables.flatMap((f) =>
      fs.readFileSync(path.join(ROOT, f), "utf8").split("\n").flatMap((line, i) => (/\brole: "[a-z]+",\s*\w+:/.test(line) ? [`${f}:${i + 1}`] : [])),
    );
    assert.deepEqual(crowded, [], "a row with several facets on one line: one facet a line");
  });

  it("the check sees a changed file (a probe: one table doc edited in memory)", () => {
    const [file, text] = [...files].find(([f]) => f.endsWith(path.join("generated", "folder.ts")))!;
    assert.notEqual(text.replace("The state layout version.", "Edited."), fs.readFileSync(path.join(ROOT, file), "utf8"));
  });
});

/** The type-level constructs that make a declaration hard to read: `A extends B ? C : D`, `infer`, `` `${T}` `` types. */
function clevernessIn(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    const at = () => `${path.basename(file.fileName)}:${file.getLineAndCharacterOfPosition(n.getStart(file)).line + 1}`;
    if (ts.isConditionalTypeNode(n)) found.push(`${at()} conditional type`);
    if (ts.isInferTypeNode(n)) found.push(`${at()} infer`);
    if (ts.isTemplateLiteralTypeNode(n)) found.push(`${at()} template literal type`);
    ts.forEachChild(n, visit);
  };
  visit(file);
  return found;
}

describe("unit: the public declarations of resources/ are plain interfaces", function () {
  this.timeout(180_000);
  const emitted = new Map<string, string>();

  before(() => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.build.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const options: ts.CompilerOptions = { ...config.options, declaration: true, emitDeclarationOnly: true, noEmit: false, sourceMap: false };
    const program = ts.createProgram([path.join(ROOT, "resources", "index.ts")], options);
    program.emit(undefined, (name, text) => emitted.set(path.relative(options.outDir!, name), text));
  });

  it("dist/resources/**/*.d.ts has no conditional, infer or template literal type", () => {
    const dts = [...emitted].filter(([name]) => name.startsWith(`resources${path.sep}`) && name.endsWith(".d.ts"));
    assert.ok(dts.some(([name]) => name === path.join("resources", "generated", "portalItem.d.ts")), [...emitted.keys()].join(", "));
    const found = dts.flatMap(([name, text]) => clevernessIn(ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true)));
    assert.deepEqual(found, []);
  });

  it("the check sees each construct (a probe)", () => {
    const probe = "type A<T> = T extends string ? `x${T}` : T extends Array<infer E> ? E : never;";
    assert.deepEqual(clevernessIn(ts.createSourceFile("probe.d.ts", probe, ts.ScriptTarget.ES2022, true)).map((s) => s.split(" ").slice(1).join(" ")), [
      "conditional type",
      "template literal type",
      "conditional type",
      "infer",
    ]);
  });
});
