// Category trees kept as YAML or JSON files in the user's repository (the GitOps use of the issue).
// A file that cannot be read, does not parse, or holds a key a node does not have fails the program
// with one line naming the file, the line and column, and what to fix: no stack trace (issue 30;
// issue 29: a misspelled `categoires:` would otherwise drop the nodes under it).
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { isMap, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { rules } from "../provider";
import type { CategoryNodeArgs } from "./generated/categorySchema";
import type { MemberCategoryNodeArgs } from "./generated/memberCategorySchema";

/**
 * Reads a tree from a `.yaml`/`.yml` or `.json` file: either a list of nodes, or an object with a
 * `categorySchema` or `memberCategorySchema` list (the shape the portal returns). A relative path
 * is taken from the program's directory (the current directory of `pulumi up`). The limits the
 * resource checks at preview (title and description lengths, levels, counts, duplicate titles) are
 * checked here too, so each failure names the file, line and column and the node's title path; every
 * failure of the file is reported at once.
 */
export function loadCategoryTree(file: string): CategoryNodeArgs[] {
  return loadTree(file, "categorySchema", ["title", "description", "categories"]) as CategoryNodeArgs[];
}

/** The same for a member category tree (nodes with title and categories). */
export function loadMemberCategoryTree(file: string): MemberCategoryNodeArgs[] {
  return loadTree(file, "memberCategorySchema", ["title", "categories"]) as MemberCategoryNodeArgs[];
}

/** One line, no stack: the Pulumi SDK prints a RunError's message alone. */
function treeError(message: string): Error {
  return new pulumi.RunError(message);
}

/** The closest allowed key (a typo's "did you mean"), by edit distance. */
function closest(word: string, allowed: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
    for (let j = 1; j <= b.length; j++) d[0][j] = j;
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
    }
    return d[a.length][b.length];
  };
  const best = [...allowed].sort((x, y) => distance(word, x) - distance(word, y))[0];
  return best !== undefined && distance(word, best) <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

function loadTree(file: string, wrapper: string, keys: readonly string[]): unknown[] {
  const full = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(full, "utf8");
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw treeError(`cannot read the category tree ${full}: ${why}`);
  }
  const lines = new LineCounter();
  // JSON is YAML too: one parser gives positions for both
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const bad = doc.errors[0];
  if (bad) {
    const at = lines.linePos(bad.pos[0]);
    const format = /\.json$/i.test(full) ? "JSON" : "YAML";
    throw treeError(`${full}:${at.line}:${at.col}: not valid ${format}: ${bad.message.split("\n")[0]}`);
  }
  const where = (n: Node | null | undefined) => {
    const at = n?.range ? lines.linePos(n.range[0]) : { line: 1, col: 1 };
    return `${full}:${at.line}:${at.col}`;
  };
  const notAList = (n: Node | null | undefined) =>
    treeError(`${where(n)}: must hold a list of category nodes or an object with a "${wrapper}" list`);
  let list: Node | null | undefined = doc.contents;
  if (isMap(list)) {
    const inner = list.get(wrapper, true) as Node | undefined;
    if (!isSeq(inner)) throw notAList(list);
    list = inner;
  }
  if (!isSeq(list)) throw notAList(list);
  const walk = (seq: Node) => {
    if (!isSeq(seq)) throw treeError(`${where(seq)}: "categories" must be a list of nodes`);
    for (const node of seq.items as Node[]) {
      if (!isMap(node)) throw treeError(`${where(node)}: a category node must be a mapping with a title`);
      for (const pair of node.items) {
        const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
        if (!keys.includes(key)) {
          const hint = closest(key, keys);
          const didYou = hint ? `; did you mean "${hint}"?` : "";
          const has = `(a node has ${keys.join(", ")})`;
          throw treeError(`${where(pair.key as Node)}: unknown key "${key}" in a category node${didYou} ${has}`);
        }
        const empty = pair.value === null || (isSeq(pair.value) && pair.value.items.length === 0);
        if (key === "categories" && !empty) walk(pair.value as Node);
      }
    }
  };
  walk(list);
  const js = doc.toJS();
  const tree = (js && isMap(doc.contents) ? (js as Record<string, unknown[]>)[wrapper] : js) as unknown[];
  checkLimits(tree, list, wrapper, where);
  return tree;
}

/** The rules of the resource (provider/rules/categorySchema.ts), each failure at its node in the file. */
type Where = (n: Node | null | undefined) => string;

function checkLimits(tree: unknown[], list: Node, wrapper: string, where: Where): void {
  const schema = wrapper === "categorySchema" ? rules.contentCategorySchemaInput : rules.memberCategorySchemaInput;
  const r = schema.safeParse({ [wrapper]: tree });
  if (r.success) return;
  const lines = r.error.issues.map((issue) => {
    const steps = issue.path.slice(1); // after the wrapper key
    let node: Node | null | undefined = list;
    let value: unknown = tree;
    const titles: string[] = [];
    for (const step of steps) {
      if (typeof step === "number" && isSeq(node)) {
        node = node.items[step] as Node | undefined;
        value = (value as unknown[] | undefined)?.[step];
        const t = (value as { title?: unknown } | undefined)?.title;
        if (typeof t === "string") titles.push(t.length > 40 ? `${t.slice(0, 40)}…` : t);
      } else if (isMap(node)) {
        node = (node.get(String(step), true) as Node | undefined) ?? node;
        value = (value as Record<string, unknown> | undefined)?.[String(step)];
      }
    }
    const last = steps[steps.length - 1];
    const field = typeof last === "string" && last !== "categories" ? last : undefined;
    const said =
      field === undefined ? issue.message : /^\d/.test(issue.message) ? `${field} has ${issue.message}` : `${field}: ${issue.message}`;
    const titled = titles.length > 0 ? `${titles.join("/")}: ` : "";
    return { line: node?.range?.[0] ?? 0, text: `${where(node)}: ${titled}${said}` };
  }).sort((a, b) => a.line - b.line).map((l) => l.text);
  const problems = `${lines.length} problems in the category tree:\n${lines.join("\n")}`;
  throw treeError(lines.length === 1 ? lines[0] : problems);
}
