// The public type of a row's value as a program writes it, read from its zod rule (the input side of
// transforms and pipes), for the Type column of the docs tables when the row names no type of its own.
import type { z } from "zod";

type Def = { type: string; [key: string]: unknown };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } })?._zod?.def;

const union = (parts: string[]): string => [...new Set(parts)].join(" | ");
const paren = (t: string): string => (t.includes(" | ") ? `(${t})` : t);

/** `string`, `"org" | "public"`, `string[]`, `{ wkid?: number }` …; `unknown` where the rule does not say. */
export function ruleType(rule: z.ZodType | undefined, depth = 0): string {
  const def = defOf(rule);
  if (!def || depth > 4) return "unknown";
  const inner = (s: unknown) => ruleType(s as z.ZodType, depth + 1);
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "bigint":
      return def.type;
    case "int":
      return "number";
    case "date":
      return "Date";
    case "enum":
      return union(Object.values(def.entries as Record<string, string | number>).map((v) => JSON.stringify(v)));
    case "literal":
      return union((def.values as unknown[]).map((v) => JSON.stringify(v)));
    case "array":
      return `${paren(inner(def.element))}[]`;
    case "union":
      return union((def.options as unknown[]).map(inner));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner(def.innerType);
    case "pipe":
      return inner(def.in);
    case "lazy":
      return "object";
    case "record":
      return `Record<string, ${inner(def.valueType)}>`;
    case "object": {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const keys = Object.keys(shape);
      if (keys.length === 0 || keys.length > 6) return "object";
      const optional = (s: unknown) => ["optional", "default"].includes(defOf(s)?.type ?? "");
      return `{ ${keys.map((k) => `${k}${optional(shape[k]) ? "?" : ""}: ${inner(shape[k])}`).join("; ")} }`;
    }
    default:
      return "unknown";
  }
}
