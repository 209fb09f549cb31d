#!/usr/bin/env node
// The package's bin, `pulumi-gis-portal <command>`: render-plan (a pull-request comment from
// `pulumi preview --json`). Usage errors and bad input: one line on stderr, exit code 2.
import * as fs from "node:fs";
import { NotPreviewJson, parsePreview, renderPlan } from "./renderPlan";

const USAGE = "usage: pulumi-gis-portal render-plan [preview.json]   (reads stdin when no file is given)";

const HELP = `usage: pulumi-gis-portal <command> [options]

commands:
  render-plan [preview.json]   a pull-request comment from \`pulumi preview --json\` (stdin when no file)
  export --out <dir> …         an organization as a Pulumi project that adopts it (export --help)
  orphans --stack <name> …     items a killed run left behind (orphans --help)

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
  if (command === "render-plan") {
    if (rest.some(isHelp)) {
      process.stdout.write(`${USAGE}\n\nRenders the steps of a preview as Markdown: counts, then each changed resource with the lines its provider planned (docs/review.md). Exit 2 on input that is not preview JSON.\n`);
      return 0;
    }
    if (rest.length > 1 || rest.some((a) => a.startsWith("-") && a !== "-")) {
      process.stderr.write(`pulumi-gis-portal: ${USAGE}\n`);
      return 2;
    }
    try {
      const file = rest[0] === "-" ? undefined : rest[0];
      process.stdout.write(renderPlan(parsePreview(await readInput(file))));
      return 0;
    } catch (e) {
      // one line, never an internal JavaScript error (issue 30)
      const code = (e as NodeJS.ErrnoException).code;
      const why = e instanceof NotPreviewJson ? e.message : code === "ENOENT" ? `no such file: ${rest[0]}` : code === "EISDIR" ? `${rest[0]} is a directory` : code ? `cannot read ${rest[0] ?? "stdin"} (${code})` : `the input is not \`pulumi preview --json\` output (${String((e as Error).message).split("\n")[0]})`;
      process.stderr.write(`pulumi-gis-portal render-plan: ${why}\n`);
      return 2;
    }
  }
  process.stderr.write(`pulumi-gis-portal: ${command === undefined ? "no command" : `unknown command ${JSON.stringify(command)}`}; ${USAGE}\n`);
  return 2;
}

if (require.main === module) {
  // exit only once stdout has taken everything written (a pipe may still hold the comment)
  main(process.argv.slice(2)).then((code) => process.stdout.write("", () => process.exit(code)));
}
