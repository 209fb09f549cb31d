// The `where` subset the emulator's query understands (docs/emulator-features.md): 1=1,
// comparisons (= <> != < <= > >=), AND, OR, NOT, parentheses, [NOT] IN (…), [NOT] LIKE with % and _,
// IS [NOT] NULL. Field names are matched case-insensitively; strings use single quotes.
import { badRequest } from "../../errors";
import type { Attributes } from "./types";

type Token = { kind: "num" | "str" | "id" | "op" | "punct"; text: string; value?: unknown };
type Operand = (a: Attributes) => unknown;
export type Predicate = (a: Attributes) => boolean;

const TOKEN_RE = /\s*(?:(-?\d+(?:\.\d+)?)|'((?:[^']|'')*)'|([A-Za-z_][A-Za-z0-9_.]*)|(<>|!=|<=|>=|=|<|>)|([(),]))/y;

function tokenize(where: string): Token[] {
  const out: Token[] = [];
  TOKEN_RE.lastIndex = 0;
  while (TOKEN_RE.lastIndex < where.length) {
    if (/^\s*$/.test(where.slice(TOKEN_RE.lastIndex))) break;
    const at = TOKEN_RE.lastIndex;
    const m = TOKEN_RE.exec(where);
    if (!m) throw badRequest(`Invalid where clause at character ${at}: ${where}`);
    if (m[1] !== undefined) out.push({ kind: "num", text: m[1], value: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ kind: "str", text: m[2], value: m[2].replace(/''/g, "'") });
    else if (m[3] !== undefined) out.push({ kind: "id", text: m[3] });
    else if (m[4] !== undefined) out.push({ kind: "op", text: m[4] });
    else out.push({ kind: "punct", text: m[5] });
  }
  return out;
}

function compare(a: unknown, op: string, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const x = typeof a === "number" || typeof b === "number" ? Number(a) : a;
  const y = typeof a === "number" || typeof b === "number" ? Number(b) : b;
  switch (op) {
    case "=": return x === y;
    case "<>": case "!=": return x !== y;
    case "<": return (x as number) < (y as number);
    case "<=": return (x as number) <= (y as number);
    case ">": return (x as number) > (y as number);
    default: return (x as number) >= (y as number);
  }
}

/** Longest LIKE pattern taken (issue 30: patterns are bounded before they are interpreted). */
export const MAX_LIKE_PATTERN = 1024;
/** Deepest nesting of parentheses and NOT in a where clause. */
export const MAX_WHERE_DEPTH = 64;

/**
 * SQL LIKE without a regular expression (issue 30: a pattern of many `%` made a backtracking
 * RegExp take seconds per row): the greedy wildcard match that remembers only the last `%`, so a
 * value of n characters and a pattern of m take at most n·m steps, never an exponential number.
 */
export function likeMatcher(pattern: string): (value: string) => boolean {
  if (pattern.length > MAX_LIKE_PATTERN) throw badRequest(`LIKE pattern has ${pattern.length} characters; at most ${MAX_LIKE_PATTERN}.`);
  const p = pattern.replace(/%+/g, "%");
  return (s) => {
    let i = 0;
    let j = 0;
    let star = -1;
    let mark = 0;
    while (i < s.length) {
      if (j < p.length && (p[j] === "_" || p[j] === s[i])) {
        i++;
        j++;
      } else if (j < p.length && p[j] === "%") {
        star = j++;
        mark = i;
      } else if (star >= 0) {
        j = star + 1;
        i = ++mark;
      } else return false;
    }
    while (j < p.length && p[j] === "%") j++;
    return j === p.length;
  };
}

export function compileWhere(where: string | undefined, fieldNames: readonly string[]): Predicate {
  if (!where || where.trim() === "") return () => true;
  const tokens = tokenize(where);
  const byLower = new Map(fieldNames.map((f) => [f.toLowerCase(), f]));
  let pos = 0;
  const peekWord = (w: string) => tokens[pos]?.kind === "id" && tokens[pos].text.toUpperCase() === w;
  const fail = (what: string): never => {
    throw badRequest(`Invalid where clause: expected ${what} at token ${pos + 1} of "${where}"`);
  };
  const expect = (text: string) => (tokens[pos]?.text === text ? pos++ : fail(`'${text}'`));

  const operand = (): Operand => {
    const t = tokens[pos++] ?? fail("a value");
    if (t.kind === "num" || t.kind === "str") return () => t.value;
    if (t.kind !== "id") return fail("a field or value");
    const field = byLower.get(t.text.toLowerCase()) ?? fail(`a known field (got '${t.text}')`);
    return (a) => a[field];
  };
  const literalList = (): unknown[] => {
    expect("(");
    const values: unknown[] = [];
    do values.push(operand()({})); while (tokens[pos]?.text === "," && ++pos);
    expect(")");
    return values;
  };
  let depth = 0;
  const deeper = () => {
    if (++depth > MAX_WHERE_DEPTH) throw badRequest(`Invalid where clause: nested more than ${MAX_WHERE_DEPTH} levels deep.`);
  };
  const comparison = (): Predicate => {
    if (tokens[pos]?.text === "(") {
      pos++;
      deeper();
      const inner = or();
      depth--;
      expect(")");
      return inner;
    }
    const left = operand();
    if (peekWord("IS")) {
      pos++;
      const not = peekWord("NOT") ? (pos++, true) : false;
      if (!peekWord("NULL")) fail("NULL");
      pos++;
      return (a) => (left(a) === null || left(a) === undefined) !== not;
    }
    const not = peekWord("NOT") ? (pos++, true) : false;
    if (peekWord("IN")) {
      pos++;
      const list = literalList();
      return (a) => list.some((v) => compare(left(a), "=", v)) !== not;
    }
    if (peekWord("LIKE")) {
      pos++;
      const like = likeMatcher(String(operand()({})));
      return (a) => {
        const v = left(a);
        return v !== null && v !== undefined && like(String(v)) !== not;
      };
    }
    if (not) fail("IN or LIKE");
    const op = tokens[pos]?.kind === "op" ? tokens[pos++].text : fail("a comparison operator");
    const right = operand();
    return (a) => compare(left(a), op, right(a));
  };
  const unary = (): Predicate => {
    if (peekWord("NOT")) {
      pos++;
      deeper();
      const inner = unary();
      depth--;
      return (a) => !inner(a);
    }
    return comparison();
  };
  const and = (): Predicate => {
    let p = unary();
    while (peekWord("AND")) {
      pos++;
      const l = p, r = unary();
      p = (a) => l(a) && r(a);
    }
    return p;
  };
  const or = (): Predicate => {
    let p = and();
    while (peekWord("OR")) {
      pos++;
      const l = p, r = and();
      p = (a) => l(a) || r(a);
    }
    return p;
  };
  const predicate = or();
  if (pos < tokens.length) fail("end of clause");
  return predicate;
}
