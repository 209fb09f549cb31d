// User pages (README.md, docs/*.md outside docs/dev, docs/resources/*.md, the examples' and the
// emulator package's READMEs) speak the portal's terms: no issue numbers, no "seed", no paths of
// the test suite, no anchors of the contributors' contract (spec.md#…). Their relative links
// resolve, and they link no contributor page (docs/dev is not in the npm package), except the
// README's two pointers for contributors. Contributor notes live in docs/dev/ and CONTRIBUTING.md.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT, userPages } from "./docPages";

const RULES: { name: string; pattern: RegExp }[] = [
  { name: "an issue number", pattern: /\b[Ii]ssues? #?\d+|(?<![\w/.#-])#\d+\b/ },
  { name: 'the word "seed"', pattern: /\bseeds?\b/i },
  { name: "a path of the test suite", pattern: /(?<![\w/.-])test\/[\w.-]/ },
  { name: "a spec.md anchor", pattern: /spec\.md#/ },
  { name: "a contributor page (not in the npm package)", pattern: /(?<![\w/.-])(?:docs\/)?(?:spec|decisions|provider-core|architecture)\.md\b(?!#)|docs\/fidelity\.md/ },
];

/** Each line of `text` that breaks a rule: `page:line: rule: line text`. */
export function wordingProblems(page: string, text: string): string[] {
  const out: string[] = [];
  let generated = false; // inside <!-- generated:… --> … <!-- /generated:… -->: the text comes from a property table's `doc`
  text.split("\n").forEach((line, i) => {
    if (/<!-- generated:/.test(line)) generated = true;
    const where = generated ? " (generated: fix the row's doc in provider/resources/*/table.ts, then regenerate)" : "";
    for (const rule of RULES) if (rule.pattern.test(line)) out.push(`${page}:${i + 1}: ${rule.name}${where}: ${line.trim().slice(0, 160)}`);
    if (/<!-- \/generated:/.test(line)) generated = false;
  });
  return out;
}

/** Links a user page may make to contributor material (the README's pointers for contributors). */
const CONTRIBUTOR_LINKS_ALLOWED: Record<string, string[]> = { "README.md": ["CONTRIBUTING.md", "docs/dev/performance.md"] };
/** Pages other changes bring that a link may already name (remove once they are in this tree). */

export function linkProblems(page: string, text: string, root = ROOT): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    const file = path.posix.normalize(path.posix.join(path.posix.dirname(page), target.split("#")[0]));
    const contributor = file.startsWith("docs/dev/") || file === "CONTRIBUTING.md";
    if (contributor && !(CONTRIBUTOR_LINKS_ALLOWED[page] ?? []).includes(file)) out.push(`${page}: links the contributor page ${target}`);
    else if (!fs.existsSync(path.join(root, file))) out.push(`${page}: links ${target}, which does not exist`);
  }
  return out;
}

describe("unit: user pages speak the portal's terms", () => {
  it("the rules catch issue numbers, seed, test paths and spec.md anchors, and nothing else", () => {
    for (const bad of ["see issue 24", "(issues 23)", "fixed in #24.", "as the seed says", "the Seed", "`test/e2e/foo.test.ts`", "runs test/unit", "[x](spec.md#append)", "spec.md#gap-read-item", "see docs/spec.md", "(docs/decisions.md)", "docs/fidelity.md lists"]) {
      assert.equal(wordingProblems("x.md", bad).length, 1, bad);
    }
    for (const good of ["pulumi/pulumi#20631 added it", "[Portal releases](#portal-releases)", "a seedling", "latest/test", "contest/x", "`pulumi preview --json`", "C# 12", "[fidelity-summary.md](fidelity-summary.md)", "my-spec.md"]) {
      assert.deepEqual(wordingProblems("x.md", good), [], good);
    }
  });

  it("finds the pages: README, docs, resource pages", () => {
    const pages = userPages();
    for (const p of ["README.md", "docs/configuration.md", "docs/functions.md", "docs/resources/portal-item.md"]) assert.ok(pages.includes(p), p);
    assert.ok(!pages.some((p) => p.startsWith("docs/dev/")), "docs/dev is contributor material");
  });

  for (const page of userPages()) {
    it(`${page}: no issue number, "seed", test path, spec.md anchor or contributor page`, () => {
      const problems = wordingProblems(page, fs.readFileSync(path.join(ROOT, page), "utf8"));
      assert.deepEqual(problems, [], `${problems.length} lines to rewrite in the portal's terms (contributor notes go to docs/dev/):\n${problems.join("\n")}`);
    });
    it(`${page}: its relative links resolve and none leads to contributor docs`, () => {
      const problems = linkProblems(page, fs.readFileSync(path.join(ROOT, page), "utf8"));
      assert.deepEqual(problems, [], problems.join("\n"));
    });
  }
});
