#!/usr/bin/env node
// The package's bin, `pulumi-gis-portal <command>`: render-plan (a pull-request comment from
// `pulumi preview --json`). Usage errors and bad input: one line on stderr, exit code 2.
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { NotPreviewJson, parsePreview } from "./renderPlan";
import { policyConfigProblem } from "../policy/rules";
import { hasChanges, planJson, renderComment, type CommentOptions } from "./planComment";

const USAGE = "usage: pulumi-gis-portal render-plan [preview.json] [--policy-config file.json] [--drift] [--json] [--marker key] [--max-chars n]   (reads stdin when no file is given)";

const HELP = `usage: pulumi-gis-portal <command> [options]

commands:
  render-plan [preview.json]   a pull-request comment from \`pulumi preview --json\` (stdin when no file)
  export --out <dir> …         an organization as a Pulumi project that adopts it (export --help)
  orphans --stack <name> …     items a killed run left behind (orphans --help)
  login --url <portal> --client-id <id>   sign in; stores a refresh token in the stack (login --help)

Each command takes --help. Docs: README.md, docs/review.md, docs/adopting.md, docs/recovery.md.
`;

const isHelp = (a: string | undefined) => a === "--help" || a === "-h" || a === "help";

async function readInput(file: string | undefined): Promise<string> {
  if (file !== undefined) return fs.promises.readFile(file, "utf8");
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (isHelp(command)) {
    process.stdout.write(HELP);
    return 0;
  }
  // orphans: marked items of a stack that its state does not hold (cli/orphans.ts)
  if (command === "orphans") return (await import("./orphans")).orphansCommand(rest);
  // export: an organization as a Pulumi project that adopts it (cli/export/, docs/adopting.md)
  if (command === "export") return (await import("./export")).exportCommand(rest);
  if (command === "login") return (await import("./login")).loginCommand(rest);
  if (command === "render-plan") return renderPlanCommand(rest);
  process.stderr.write(`pulumi-gis-portal: ${command === undefined ? "no command" : `unknown command ${JSON.stringify(command)}`}; ${USAGE}\n`);
  return 2;
}

const RENDER_HELP = `${USAGE}

Renders \`pulumi preview --json\` as a Markdown comment (docs/review.md): a hidden marker (so a
workflow updates its own comment), the counts, the policy results, then each changed resource with
the lines its provider planned. Kept under 65,536 characters: whole resource sections are left out,
with a note of what was cut.

  --policy-config FILE  run the package's rules (docs/governance.md) over the plan; FILE as
                        \`pulumi preview --policy-pack-config\` takes it ({} for the defaults)
  --drift               the input is \`pulumi preview --refresh --json\`: say each difference in the
                        portal's words; exit 1 when there is drift
  --json                the same plan as JSON (formatVersion 1) instead of Markdown
  --marker KEY          the marker's key (default: the project/stack of the plan)
  --max-chars N         the longest comment (default 65536)

Exit 2 on input that is not preview JSON, on a bad option, or on a --policy-config the rules cannot
take (an unknown rule or setting, a level other than advisory, mandatory, remediate or disabled, a
value of the wrong type, a titlePattern that is not a regular expression): one line naming the file,
the rule and the key.
`;

async function renderPlanCommand(args: string[]): Promise<number> {
  let file: string | undefined;
  let o: CommentOptions & { json?: boolean };
  try {
    if (args.some(isHelp)) {
      process.stdout.write(RENDER_HELP);
      return 0;
    }
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { "policy-config": { type: "string" }, drift: { type: "boolean" }, json: { type: "boolean" }, marker: { type: "string" }, "max-chars": { type: "string" } } });
    if (positionals.length > 1) throw new Error(`one input file, not ${positionals.length}`);
    file = positionals[0] === "-" ? undefined : positionals[0];
    const max = values["max-chars"] === undefined ? undefined : Number(values["max-chars"]);
    if (max !== undefined && !(Number.isInteger(max) && max >= 1000)) throw new Error(`--max-chars must be a whole number of at least 1000; got ${values["max-chars"]}`);
    o = { drift: values.drift, json: values.json, marker: values.marker, maxChars: max };
    if (values["policy-config"] !== undefined) o.policies = readPolicyConfig(values["policy-config"]);
  } catch (e) {
    const why = String((e as Error).message).split("\n")[0];
    process.stderr.write(`pulumi-gis-portal render-plan: ${e instanceof PolicyConfigError ? why : `${why}; ${USAGE}`}\n`);
    return 2;
  }
  try {
    const preview = parsePreview(await readInput(file));
    process.stdout.write(o.json ? `${JSON.stringify(planJson(preview, o), null, 2)}\n` : renderComment(preview, o));
    return o.drift && hasChanges(preview) ? 1 : 0;
  } catch (e) {
    // one line, never an internal JavaScript error (issue 30)
    const code = (e as NodeJS.ErrnoException).code;
    const why = e instanceof NotPreviewJson ? e.message : code === "ENOENT" ? `no such file: ${file}` : code === "EISDIR" ? `${file} is a directory` : code ? `cannot read ${file ?? "stdin"} (${code})` : `the input is not \`pulumi preview --json\` output (${String((e as Error).message).split("\n")[0]})`;
    process.stderr.write(`pulumi-gis-portal render-plan: ${why}\n`);
    return 2;
  }
}

/** A policy config the rules cannot take: said as it is, without the usage line. */
class PolicyConfigError extends Error {}

/** `--policy-config FILE`: JSON of `{ rule: level | { enforcementLevel, ...config } }`. */
function readPolicyConfig(file: string): CommentOptions["policies"] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new PolicyConfigError(`--policy-config: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new PolicyConfigError(`--policy-config: ${file} is not JSON`);
  }
  // checked against each rule's config schema and the engine's levels before any rule runs
  const problem = policyConfigProblem(doc);
  if (problem !== undefined) throw new PolicyConfigError(`--policy-config ${file}: ${problem}`);
  return doc as CommentOptions["policies"];
}

if (require.main === module) {
  // exit only once stdout has taken everything written (a pipe may still hold the comment)
  main(process.argv.slice(2)).then((code) => process.stdout.write("", () => process.exit(code)));
}
