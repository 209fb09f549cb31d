// The pull-request comment (and its JSON twin) built from a parsed preview (cli/renderPlan.ts):
// a hidden marker first (a workflow finds and updates its own comment), the summary, the policy
// results (mandatory first), then one section per changed resource, then the errors; kept under
// GitHub's 65,536 characters by leaving out whole policy lines (advisory ones first), whole resource
// sections and whole error lines, with a note of what was cut. In drift mode
// (`pulumi preview --refresh --json`) the provider's lines are said in the portal's words:
// `~ title: "Map (edited)" → "Map"` reads `portal changed title to "Map (edited)" (the program says "Map")`.
import { evaluate, kindOfType, type PolicyConfig, type RuleResource, type Violation } from "../policy/rules";
import { errorLines, planSections, summaryLine, type PlanSection, type Preview } from "./renderPlan";

/** GitHub refuses a comment body above 65,536 characters; a little room is kept for the note. */
export const COMMENT_LIMIT = 65_536;

export interface CommentOptions {
  /** Rules to run over the plan (`--policy-config`): levels and rule config as `--policy-pack-config` takes them. */
  policies?: PolicyConfig;
  /** The plan is a drift check (`pulumi preview --refresh --json`): say the changes in the portal's words. */
  drift?: boolean;
  /** The marker's key (default: the project/stack the URNs name). */
  marker?: string;
  /** The most characters of the comment (default 65,536). */
  maxChars?: number;
}

/** The resources of the plan as the rules see them: every step that leaves a resource. */
export function planResources(preview: Preview): RuleResource[] {
  // a resource may have several steps (a refresh, then its update): the last one says what it becomes
  const byUrn = new Map<string, RuleResource>();
  for (const s of preview.steps) {
    if (s.op === "delete" || s.op === "delete-replaced" || s.op === "discard") {
      byUrn.delete(s.urn);
      continue;
    }
    const st = s.newState;
    const type = st?.type ?? s.type ?? "";
    if (!st?.inputs || !type.startsWith("pulumi-nodejs:dynamic/portal:")) continue;
    const name = s.urn.slice(s.urn.lastIndexOf("::") + 2);
    byUrn.set(s.urn, { kind: kindOfType(type), name, urn: s.urn, props: st.inputs, propertyDependencies: st.propertyDependencies ?? {} });
  }
  return [...byUrn.values()];
}

/** `urn:pulumi:dev::org::…` → `org/dev`. */
function stackOf(preview: Preview): string | undefined {
  const m = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(preview.steps[0]?.urn ?? "");
  return m ? `${m[2]}/${m[1]}` : undefined;
}

const DRIFT_LINE: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^~ rename (.+) → (.+?)( \(.*\))?$/, (m) => `portal renamed ${m[2]} to ${m[1]}`],
  [/^\+ add (.+)$/, (m) => `portal removed ${m[1]}`],
  [/^- remove (.+)$/, (m) => `portal added ${m[1]}`],
  [/^~ move (.+)$/, (m) => `portal moved ${m[1]} (the program's place is the second)`],
  [/^~ ([\w.[\]]+): (.+) → (.+)$/, (m) => `portal changed ${m[1]} to ${m[2]} (the program says ${m[3]})`],
  [/^\+ ([\w.[\]]+): (.+)$/, (m) => `portal has no ${m[1]} (the program says ${m[2]})`],
  [/^- ([\w.[\]]+): (.+)$/, (m) => `portal has ${m[1]} ${m[2]} (the program has none)`],
];

/** One provider line in the portal's words; a line no pattern knows is kept, as what `up` would do. */
export function driftLine(line: string): string {
  for (const [re, say] of DRIFT_LINE) {
    const m = re.exec(line);
    if (m) return say(m);
  }
  return `up would: ${line}`;
}

function driftSection(s: PlanSection): PlanSection {
  if (s.op === "create") return { ...s, heading: `### ! missing \`${s.type}\` **${s.name}**`, lines: [`portal has no ${s.type} "${s.name}" (deleted outside the program; pulumi up --refresh creates it again)`] };
  return { ...s, heading: `### ! drift \`${s.type}\` **${s.name}**`, lines: s.lines.map(driftLine) };
}

function policyHead(violations: Violation[]): string[] {
  if (violations.length === 0) return ["### Policies", "", "No violation.", ""];
  const mandatory = violations.filter((v) => v.level === "mandatory").length;
  const head = mandatory > 0 ? `**${mandatory} mandatory violation${mandatory > 1 ? "s" : ""} (blocking)**` : "Advisory only (not blocking)";
  return ["### Policies", "", `${head}, ${violations.length} in all:`, ""];
}

const violationLine = (v: Violation) => `- ${v.level === "mandatory" ? "⛔ **mandatory**" : "⚠️ advisory"} \`${v.policy}\`: ${v.message}\n`;

/** As many whole lines as fit in `budget` characters, in order; the count of those that fit. */
function fitLines(lines: readonly string[], budget: number): number {
  let used = 0;
  let n = 0;
  for (const l of lines) {
    if (used + l.length > budget) break;
    used += l.length;
    n++;
  }
  return n;
}

const chars = (lines: readonly string[]) => lines.reduce((n, l) => n + l.length, 0);
const fmt = (n: number) => n.toLocaleString("en-US");
/** Room kept for each note of what was cut. */
const NOTE_ROOM = 400;

const sectionText = (s: PlanSection) => [s.heading, "", ...(s.lines.length > 0 ? ["```diff", ...s.lines, "```", ""] : [])].join("\n") + "\n";

/** The Markdown comment. */
export function renderComment(preview: Preview, o: CommentOptions = {}): string {
  const marker = `<!-- pulumi-gis-portal:${o.drift ? "drift" : "plan"}:${o.marker ?? stackOf(preview) ?? "stack"} -->`;
  const limit = o.maxChars ?? COMMENT_LIMIT;
  const sections = planSections(preview).map((s) => (o.drift ? driftSection(s) : s));
  const summary = summaryLine(preview);
  const head = [marker, o.drift ? "## Pulumi drift check" : "## Pulumi plan", ""];
  const refreshOnly = sections.length === 0 && hasChanges(preview);
  if (o.drift && refreshOnly) {
    // `pulumi refresh --preview-only --json` counts what changed but carries the old state only
    const n = Object.entries(preview.changeSummary).filter(([op]) => op !== "same").reduce((a, [, k]) => a + k, 0);
    head.push(`**Drift in ${n} resource${n > 1 ? "s" : ""}** (counted by the refresh; its JSON does not say what changed): run \`pulumi preview --refresh --json\` and render that for each difference in the portal's words.`, "");
  } else if (o.drift) head.push(sections.length === 0 ? "No drift: the portal is as the program says." : `**Drift in ${sections.length} resource${sections.length > 1 ? "s" : ""}**: the portal differs from the program; \`pulumi up --refresh\` sets it back.`, "");
  else head.push(summary === undefined && sections.length === 0 ? "No changes." : (summary ?? "****"), "");
  let text = head.join("\n") + "\n";
  // what must fit: the head above; then policy lines (mandatory first: evaluate sorts them), error
  // lines and resource sections, each cut as whole lines or sections with a note of what was cut
  const violations = o.policies ? evaluate(planResources(preview), o.policies) : undefined;
  const vLines = (violations ?? []).map(violationLine);
  const pHead = violations ? policyHead(violations).join("\n") + "\n" : "";
  const errors = errorLines(preview);
  const eLines = errors.map((m) => `- ${m}\n`);
  const eHead = errors.length > 0 ? "### Errors\n\n" : "";
  let avail = limit - text.length - pHead.length - eHead.length - 3 * NOTE_ROOM;
  // policies first, but errors keep at least a third of the room when they need it
  const pShown = fitLines(vLines, avail - Math.min(chars(eLines), Math.floor(avail / 3)));
  avail -= chars(vLines.slice(0, pShown));
  const eShown = fitLines(eLines, avail);
  avail -= chars(eLines.slice(0, eShown));
  if (violations) {
    text += pHead + vLines.slice(0, pShown).join("");
    if (pShown < vLines.length) {
      const cut = violations.slice(pShown);
      const mandatory = cut.filter((v) => v.level === "mandatory").length;
      text += `\n> **${cut.length} of ${violations.length} policy violations not shown** (${mandatory} mandatory, ${cut.length - mandatory} advisory; ${fmt(chars(vLines.slice(pShown)))} characters; the comment limit is ${fmt(limit)}). All of them: \`render-plan --json\`, or \`pulumi preview --policy-pack\`.\n`;
    }
    if (violations.length > 0) text += "\n";
  }
  let used = 0;
  let shown = 0;
  const body: string[] = [];
  for (const s of sections) {
    const t = sectionText(s);
    if (used + t.length > avail) break;
    body.push(t);
    used += t.length;
    shown++;
  }
  text += body.join("");
  if (shown < sections.length) {
    const cut = sections.slice(shown);
    const cutChars = cut.reduce((n, s) => n + sectionText(s).length, 0);
    text += `> **${cut.length} of ${sections.length} resource sections not shown** (${fmt(cutChars)} characters; the comment limit is ${fmt(limit)}): ${cut.slice(0, 5).map((s) => `\`${s.name.length > 60 ? `${s.name.slice(0, 59)}…` : s.name}\``).join(", ")}${cut.length > 5 ? ", …" : ""}. The whole plan: \`pulumi preview --diff\`, or \`render-plan --json\`.\n\n`;
  }
  if (errors.length > 0) {
    text += eHead + eLines.slice(0, eShown).join("");
    if (eShown < eLines.length) text += `\n> **${eLines.length - eShown} of ${eLines.length} errors not shown** (${fmt(chars(eLines.slice(eShown)))} characters; the comment limit is ${fmt(limit)}). All of them: \`render-plan --json\`, or the preview's own output.\n`;
  }
  return text;
}

/** `render-plan --json`: the same plan for other bots; the shape is documented in docs/governance.md ("One comment that stays readable"). */
export function planJson(preview: Preview, o: CommentOptions = {}): Record<string, unknown> {
  const sections = planSections(preview).map((s) => (o.drift ? driftSection(s) : s));
  return {
    formatVersion: 1,
    kind: o.drift ? "drift" : "plan",
    stack: o.marker ?? stackOf(preview) ?? null,
    changeSummary: preview.changeSummary,
    policies: o.policies ? evaluate(planResources(preview), o.policies) : null,
    resources: sections.map((s) => ({ urn: s.urn, name: s.name, type: s.type, op: s.op, lines: s.lines })),
    errors: errorLines(preview),
  };
}

/** Drift in the plan: anything but unchanged resources. */
export function hasChanges(preview: Preview): boolean {
  return Object.entries(preview.changeSummary).some(([op, n]) => op !== "same" && n > 0);
}
