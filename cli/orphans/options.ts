// The orphans command's arguments, its help, and the stack and project they name.
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { UsageError } from "./io";

export const ORPHANS_USAGE =
  "usage: pulumi-gis-portal orphans --stack <name> [--project <name>] [--state-file <export.json>] [--json] [--delete [--yes]]";

export const HELP = `${ORPHANS_USAGE}

Lists the portal items that carry the marker of <project>/<stack> and that the stack's state does
not hold. The state is read with \`pulumi stack export --stack <name>\` in the current directory,
or from --state-file (the output of that command). The project is the name in ./Pulumi.yaml,
unless --project is given.

The portal: the stack's config as the provider reads it (portal:url, portal:token, or portal:username
and portal:password; read with \`pulumi config --json --show-secrets --stack <name>\`), else the
environment: PORTAL_URL (https://…; http:// only for 127.0.0.1, ::1 and localhost), and PORTAL_TOKEN
or PORTAL_USERNAME + PORTAL_PASSWORD. With --state-file only the environment is read. Items of other owners are found when the account may read them
(an administrator sees the whole organization).

  --json     one JSON document on stdout
  --delete   delete the orphans, after typing their count or "yes" (needs a terminal)
  --yes      with --delete: do not ask (CI)
`;

/** What the command touches outside itself; tests replace it. */

export interface Options {
  stack: string;
  project?: string;
  stateFile?: string;
  json: boolean;
  delete: boolean;
  yes: boolean;
  help: boolean;
}

export function options(args: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        stack: { type: "string", short: "s" },
        project: { type: "string" },
        "state-file": { type: "string" },
        json: { type: "boolean", default: false },
        delete: { type: "boolean", default: false },
        yes: { type: "boolean", short: "y", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split("\n")[0]}; ${ORPHANS_USAGE}`);
  }
  const v = parsed.values;
  if (v.help) return { stack: "", json: false, delete: false, yes: false, help: true };
  if (v.stack === undefined || v.stack.trim() === "") throw new UsageError(`--stack is required; ${ORPHANS_USAGE}`);
  if (v.yes && !v.delete) throw new UsageError(`--yes only goes with --delete; ${ORPHANS_USAGE}`);
  return { stack: v.stack.trim(), project: v.project?.trim(), stateFile: v["state-file"], json: v.json, delete: v.delete, yes: v.yes, help: false };
}

/** "<project>/<stack>" as the URNs name it: a qualified `org/project/stack` gives its last part. */
export function stackAndProject(o: Options, cwd: string): { stack: string; project: string } {
  const parts = o.stack.split("/");
  if (parts.length > 3 || parts.some((p) => p === "")) throw new UsageError(`--stack ${JSON.stringify(o.stack)} is not a stack name (name, or org/project/name)`);
  const stack = parts[parts.length - 1];
  const named = parts.length === 3 ? parts[1] : undefined;
  const project = o.project ?? named ?? projectOfDirectory(cwd);
  if (named !== undefined && o.project !== undefined && named !== o.project) throw new UsageError(`--stack names project ${named} but --project is ${o.project}`);
  return { stack, project };
}

function projectOfDirectory(cwd: string): string {
  const file = ["Pulumi.yaml", "Pulumi.yml"].map((f) => path.join(cwd, f)).find((f) => fs.existsSync(f));
  if (file === undefined) throw new UsageError(`no Pulumi.yaml in ${cwd}; run in the project directory or give --project <name>`);
  let doc: unknown;
  try {
    doc = parseYaml(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new UsageError(`${file} is not YAML: ${(e as Error).message.split("\n")[0]}`);
  }
  const name = (doc as { name?: unknown } | null)?.name;
  if (typeof name !== "string" || name.trim() === "") throw new UsageError(`${file} has no project name; give --project <name>`);
  return name.trim();
}
