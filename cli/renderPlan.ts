// `pulumi-gis-portal render-plan [file]`: `pulumi preview --json` → a Markdown comment for a pull
// request. Counts per operation, then one section per changed resource with the semantic lines the
// provider put in the step (`plannedChanges`, provider/resources/machinery/plan.ts), or, for resources of
// other providers, the properties that differ. Secrets stay as the engine printed them ([secret]).

import { z } from "zod";
import { deleteLines, type ItemFacts } from "./deleteLines";
import { MAX_NESTING, nestingProblem } from "./renderPlanDepth";

export class NotPreviewJson extends Error {}

export interface Step {
  op: string;
  urn: string;
  type?: string;
  oldState?: { type?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  newState?: { type?: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown>; propertyDependencies?: Record<string, string[]> | null };
  diffReasons?: string[];
  replaceReasons?: string[];
}

export interface Preview {
  steps: Step[];
  changeSummary: Record<string, number>;
  diagnostics?: Array<{ message?: string; severity?: string; urn?: string }>;
}

/** The operations in the order a reviewer reads them, with the verb shown. */
const OPS: Array<[string, string, string]> = [
  ["create", "+", "to create"],
  ["update", "~", "to update"],
  ["replace", "±", "to replace"],
  ["delete", "-", "to delete"],
  ["import", "=", "to import"],
];

/** Steps the engine emits around a replace that the `replace` step already stands for. */
const FOLDED = new Set(["same", "read", "create-replacement", "delete-replaced", "discard", "refresh"]);

/**
 * The engine's step operations (the SDK's OpType, @pulumi/pulumi/automation): a step whose op is not
 * one of them is not a step of a preview.
 */
export const ENGINE_OPS = ["same", "create", "update", "delete", "replace", "create-replacement", "delete-replaced", "read", "read-replacement", "refresh", "discard", "discard-replaced", "remove-pending-replace", "import", "import-replacement"] as const;

/** The shape of `pulumi preview --json` that render-plan reads (issue 30): anything else is refused in one line. */
const props = z.record(z.string(), z.unknown());
// the provider's semantic lines (provider/resources/machinery/plan.ts): a list of strings when present
const inputs = props.and(z.object({ plannedChanges: z.array(z.string(), { error: "must be a list of strings" }).optional() }));
const state = z.object({ type: z.string().optional(), inputs: inputs.nullish(), outputs: props.nullish(), propertyDependencies: z.record(z.string(), z.array(z.string())).nullish() }).nullish();
// an operation word: the engine's (ENGINE_OPS), or one a newer engine adds, rendered as a change (the
// package works with any CLI at or above its floor, so a plan of a newer one is not refused)
const OP_WORD = /^[a-z]+(-[a-z]+)*$/;
const opError = (input: unknown) => `must be one of the engine's operations (${ENGINE_OPS.join(", ")}) or another operation word, not ${JSON.stringify(input)?.slice(0, 40) ?? String(input)}`;
const op = z.string({ error: (i) => opError(i.input) }).refine((o) => OP_WORD.test(o), { error: (i) => opError(i.input) });
// urn:pulumi:<stack>::<project>::<type>::<name>
const urn = z.string({ error: "must be a string of the form urn:pulumi:<stack>::<project>::<type>::<name>" }).regex(/^urn:pulumi:[^:]*::[^:]*::.+::/, { error: "must be of the form urn:pulumi:<stack>::<project>::<type>::<name>" });
const count = z.number({ error: "must be a count (a whole number, 0 or more)" }).int({ error: "must be a count (a whole number, 0 or more)" }).nonnegative({ error: "must be a count (a whole number, 0 or more)" });
const step = z.object({ op, urn, type: z.string().optional(), oldState: state, newState: state, diffReasons: z.array(z.string()).nullish(), replaceReasons: z.array(z.string()).nullish() }, { error: (i) => `must be a step object, not ${i.input === null ? "null" : Array.isArray(i.input) ? "a list" : typeof i.input}` });
const PREVIEW = z.object({
  steps: z.array(step, { error: (i) => `must be a list of steps, not ${i.input === null ? "null" : typeof i.input}` }).nullish(),
  changeSummary: z.record(z.string(), count, { error: (i) => `must be an object of counts per operation, not ${i.input === null ? "null" : Array.isArray(i.input) ? "a list" : typeof i.input}` }),
  diagnostics: z.array(z.object({ message: z.string().optional(), severity: z.string().optional(), urn: z.string().optional() })).nullish(),
});

/** `steps[3].urn` from a zod path. */
const pathOf = (p: readonly PropertyKey[]) => p.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i > 0 ? "." : ""}${String(k)}`)).join("") || "the document";

export function parsePreview(text: string): Preview {
  // bounded before the parser or any walker recurses through it (issue 45)
  const deep = nestingProblem(text);
  if (deep) throw new NotPreviewJson(`the input is ${deep}; render-plan reads at most ${MAX_NESTING} levels (a \`pulumi preview --json\` output nests far less)`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new NotPreviewJson("the input is not JSON; give the output of `pulumi preview --json`");
  }
  const r = PREVIEW.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0];
    const missing = issue.path.length === 1 && issue.path[0] === "changeSummary" && (doc as { changeSummary?: unknown }).changeSummary === undefined;
    const what = missing ? "no changeSummary" : `${pathOf(issue.path)}: ${issue.message}`;
    throw new NotPreviewJson(`the input is JSON but not \`pulumi preview --json\` output (${what})`);
  }
  const d = r.data;
  const steps = (d.steps ?? []).map((s) => ({ ...s, oldState: s.oldState ?? undefined, newState: s.newState ?? undefined, diffReasons: s.diffReasons ?? undefined, replaceReasons: s.replaceReasons ?? undefined })) as Step[];
  return { steps, changeSummary: d.changeSummary, diagnostics: d.diagnostics ?? undefined };
}

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);
const typeOf = (s: Step) => {
  const t = s.newState?.type ?? s.oldState?.type ?? s.type ?? "";
  return t.replace(/^pulumi-nodejs:dynamic\//, "");
};
const escape = (line: string) => line.replace(/`/g, "'");

/** A property value in a replace line: JSON, a SHA-256 by its start, long values cut with their length. */
function brief(v: unknown): string {
  if (v === undefined || v === null) return "(none)";
  if (typeof v === "string" && /^[0-9a-f]{64}$/.test(v)) return `sha256 ${v.slice(0, 12)}…`;
  const json = JSON.stringify(v) ?? String(v);
  return json.length <= 60 ? json : `${json.slice(0, 40)}… (${json.length} characters)`;
}

/**
 * A replace step. The engine checks a replacement again with no old inputs (as for a create), so the
 * provider's lines there describe the new resource only; when they do not speak of the replace
 * themselves, the step's replaceReasons say which property forces it (old → new, from the step's
 * states), and the delete lines of the old state say what goes (cli/deleteLines.ts).
 */
function replaceLines(s: Step, planned: string[], items: ItemFacts[]): string[] {
  if (planned.some((l) => /replace|again \(changed/.test(l))) return planned;
  const olds = s.oldState?.inputs ?? {};
  const news = s.newState?.inputs ?? {};
  // a generated item id follows the replace; it is not a reason a reviewer acts on
  const reasons = (s.replaceReasons ?? []).filter((k) => !(k === "itemIdToCreate" && news.generatedItemIdToCreate === true));
  // the engine prints secrets as [secret]; a property named like one is masked here too
  const value = (k: string, v: unknown) => (/password|token|secret/i.test(k) && v !== undefined && v !== null ? "[secret]" : brief(v));
  const why = reasons.map((k) => `~ ${k}: ${value(k, olds[k])} → ${value(k, news[k])} (forces a replace)`);
  const gone = s.oldState?.outputs ? deleteLines(typeOf(s), s.oldState.outputs, items) : [];
  return [...why, ...planned, ...gone.filter((l) => l !== "- delete")];
}

/**
 * The PortalItems of the preview as their state holds them before the plan (the old state; steps of
 * any operation, unchanged ones too with --show-sames): what a group's or a folder's delete counts.
 */
export function itemFacts(preview: Preview): ItemFacts[] {
  const seen = new Map<string, ItemFacts>();
  for (const s of preview.steps) {
    if (typeOf(s) !== "portal:PortalItem" || seen.has(s.urn)) continue;
    const held = { ...(s.oldState?.inputs ?? {}), ...(s.oldState?.outputs ?? {}) };
    if (Object.keys(held).length === 0) continue;
    const sharing = held.sharing as { groups?: unknown } | undefined;
    const groups = Array.isArray(sharing?.groups) ? sharing.groups.filter((g): g is string => typeof g === "string") : [];
    seen.set(s.urn, { name: nameOf(s.urn), groups, folder: typeof held.folder === "string" ? held.folder : undefined });
  }
  return [...seen.values()];
}

/** The lines of one step: the provider's plan, else the changed property names. */
function linesOf(s: Step, items: ItemFacts[]): string[] {
  const planned = s.newState?.inputs?.plannedChanges;
  if (Array.isArray(planned) && planned.every((l) => typeof l === "string")) return s.op === "replace" ? replaceLines(s, planned as string[], items) : (planned as string[]);
  if (s.op === "delete") return deleteLines(typeOf(s), s.oldState?.outputs, items);
  const reasons = s.replaceReasons?.length ? s.replaceReasons : s.diffReasons;
  if (reasons && reasons.length > 0) return reasons.map((r) => `~ ${r}`);
  return [];
}

const OP_SIGN: Record<string, string> = Object.fromEntries(OPS.map(([op, sign]) => [op, sign]));

/** One changed resource: its heading and its diff lines. */
export interface PlanSection {
  op: string;
  urn: string;
  type: string;
  name: string;
  heading: string;
  lines: string[];
}

/** The changed resources of a preview, in the engine's order, folded steps and the stack left out. */
export function planSections(preview: Preview): PlanSection[] {
  const items = itemFacts(preview);
  const steps = preview.steps.filter((s) => !FOLDED.has(s.op) && !s.type?.startsWith("pulumi:pulumi:Stack") && !s.urn.includes("::pulumi:pulumi:Stack::"));
  return steps.map((s) => ({ op: s.op, urn: s.urn, type: typeOf(s), name: nameOf(s.urn), heading: `### ${OP_SIGN[s.op] ?? "~"} ${s.op} \`${typeOf(s)}\` **${nameOf(s.urn)}**`, lines: linesOf(s, items).map(escape) }));
}

/** "**1 to create, 2 to update** (5 unchanged)", or undefined when nothing changes. */
export function summaryLine(preview: Preview): string | undefined {
  const counts = OPS.filter(([op]) => (preview.changeSummary[op] ?? 0) > 0).map(([op, , label]) => `${preview.changeSummary[op]} ${label}`);
  if (counts.length === 0) return undefined;
  const same = preview.changeSummary.same ?? 0;
  return `**${counts.join(", ")}**${same > 0 ? ` (${same} unchanged)` : ""}`;
}

/** The first line of each error diagnostic. */
export function errorLines(preview: Preview): string[] {
  return (preview.diagnostics ?? []).filter((d) => d.severity === "error" && d.message).map((d) => d.message!.trim().split("\n")[0]);
}

/** The Markdown of a parsed preview. */
export function renderPlan(preview: Preview): string {
  const sections = planSections(preview);
  const summary = summaryLine(preview);
  const out = ["## Pulumi plan", ""];
  if (summary === undefined && sections.length === 0) {
    out.push("No changes.", "");
    return out.join("\n");
  }
  out.push(summary ?? "****", "");
  for (const s of sections) {
    out.push(s.heading, "");
    if (s.lines.length > 0) out.push("```diff", ...s.lines, "```", "");
  }
  const errors = errorLines(preview);
  if (errors.length > 0) out.push("### Errors", "", ...errors.map((m) => `- ${m}`), "");
  return out.join("\n");
}
