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

function likeToRegExp(pattern: string): RegExp {
  const body = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%/g, ".*").replace(/_/g, ".");
  return new RegExp(`^${body}$`, "s");
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
  const comparison = (): Predicate => {
    if (tokens[pos]?.text === "(") {
      pos++;
      const inner = or();
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
      const re = likeToRegExp(String(operand()({})));
      return (a) => {
        const v = left(a);
        return v !== null && v !== undefined && re.test(String(v)) !== not;
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
      const inner = unary();
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
