// The files of a split export (`export --split-by owner|folder`, split.ts) in --out:
//   README.md       the order (org first, then the parts in parallel), the commands, the secrets
//   package.json    one for every project: one `npm install` at the root serves them all (Node.js,
//                   ts-node and the Pulumi language host resolve packages from a parent node_modules)
//   projects.json   the projects (path, Pulumi project name, the projects each depends on) for CI matrices
//   org/            Pulumi.yaml, tsconfig.json, index.ts, trees/*.yaml
//   parts/<slug>/   Pulumi.yaml, tsconfig.json, index.ts, items/ (text items), files/ (moved from the
//                   staging directory's files/, where the reads downloaded them)
// All text is deterministic.
import * as fs from "node:fs";
import * as path from "node:path";
import type { SecretKey } from "./program";
import { asCode, packageJson, projectName, pulumiYaml, TSCONFIG, write, writeTexts, writeTrees } from "./project";
import type { OrgSnapshot } from "./read";
import { ORG_DIR, partDescription, splitProjectName, type Part, type Split } from "./split";

/** One entry of projects.json. */
export interface ProjectEntry {
  /** The project's directory, relative to --out. */
  path: string;
  /** Its Pulumi project name. */
  name: string;
  /** The paths of the projects whose stacks it reads (their `up` comes first). */
  dependsOn: string[];
  /** What it holds, in words. */
  holds: string;
  /** Its item count. */
  items: number;
}

export const partDir = (p: Pick<Part, "slug">) => `parts/${p.slug}`;

export function projectEntries(snapshot: OrgSnapshot, split: Split): ProjectEntry[] {
  const base = projectName(snapshot);
  const orgHolds = [snapshot.contentTree ? "the category trees" : undefined, snapshot.groups ? "the groups and their members" : undefined, snapshot.members ? "the members and custom roles" : undefined].filter((s) => s !== undefined);
  return [
    { path: ORG_DIR, name: splitProjectName(base, ORG_DIR), dependsOn: [], holds: orgHolds.length > 0 ? orgHolds.join(", ") : "nothing (--no-schemas --no-groups): kept for the groupIds the parts read", items: 0 },
    ...split.parts.map((p) => ({ path: partDir(p), name: splitProjectName(base, p.slug), dependsOn: [ORG_DIR], holds: partDescription(p, split.by), items: p.items.length })),
  ];
}

function readme(snapshot: OrgSnapshot, split: Split, projects: readonly ProjectEntry[], secrets: ReadonlyArray<readonly SecretKey[]>): string {
  const p = snapshot.portal;
  const [org, ...parts] = projects;
  const lines = [
    `# ${projectName(snapshot)}`,
    "",
    `Organization ${p.name} (${p.id}) at ${p.url}, exported by \`pulumi-gis-portal export --split-by ${split.by}\`:`,
    `${snapshot.items.length} item(s) in ${parts.length} part(s), one Pulumi project each, and one project for what is`,
    `organization-wide (\`${ORG_DIR}/\`: ${org.holds}). \`projects.json\` lists them for CI matrices.`,
    "Every resource adopts what exists: the first `pulumi up` of each project changes only what differs",
    "from its program, and sends no write when nothing does. Every resource has `retainOnDelete: true`.",
    "",
    "## Order",
    "",
    `1. \`${ORG_DIR}/\` first: the parts read its stack's \`groupIds\` output (each group's id by resource name).`,
    "2. Then the parts, in any order and in parallel: they do not read each other.",
    "",
    "Each project has its own stack and state; a part's `preview` and `up` touch only its own items, so",
    "the parts of a large organization run side by side (one CI job per project, `examples/ci` of",
    "pulumi-gis-portal) instead of one long `up` of one stack.",
    "",
    "## Use",
    "",
    "One `npm install` here serves every project (they share this directory's `node_modules`).",
    "The portal's URL and token can come from the environment for every project at once",
    "(`PORTAL_URL`, `PORTAL_TOKEN`), or from each stack's config (`portal:url`, `portal:token`).",
    "",
    "```sh",
    "npm install",
    `export PORTAL_URL=${p.url}`,
    "export PORTAL_TOKEN=<token>",
    `(cd ${ORG_DIR} && pulumi stack init dev && pulumi up --yes)`,
    ...parts.map((e, i) => {
      const keys = secrets[i].map((s) => ` && pulumi config set --secret ${s.key} <password>`).join("");
      return `(cd ${e.path} && pulumi stack init dev${keys} && pulumi up --yes) &`;
    }),
    ...(parts.length > 0 ? ["wait"] : []),
    "```",
    "",
    "`pulumi preview` in a project first shows only adoptions (`= adopt …: no change`); after the first",
    "`up`, `pulumi preview --expect-no-changes` passes in every project.",
    "",
    "## Groups across projects",
    "",
    `A part names a group by \`groupId("<group resource name>")\`: the \`groupIds\` output of the \`${ORG_DIR}\` stack,`,
    "read through a `pulumi.StackReference`. Its name is the part stack's config `orgStack` when set,",
    `else \`<organization>/${org.name}/<the part stack's name>\`: the stack of the same name (\`dev\` with \`dev\`)`,
    "in the part stack's own organization, which is `organization` on the file and S3-compatible",
    "backends and your organization on Pulumi Cloud. Give the stacks of one environment the same name,",
    "or set it:",
    "",
    "```sh",
    `pulumi config set orgStack organization/${org.name}/dev`,
    "```",
    "",
    "A relationship between items of two parts is declared in one of them by the other item's id",
    "(item ids are stable), with a comment naming the part that holds it.",
    "",
    "## Projects",
    "",
    "| Path | Project | Holds | Items |",
    "|---|---|---|---:|",
    ...projects.map((e) => `| \`${e.path}\` | ${e.name} | ${e.holds} | ${e.items} |`),
    "",
  ];
  const withSecrets = parts.map((e, i) => [e, secrets[i]] as const).filter(([, s]) => s.length > 0);
  if (withSecrets.length > 0) {
    lines.push("## Secrets to set", "", "The portal never returns a stored service password; set each on its project's stack before the first preview:", "");
    for (const [e, keys] of withSecrets) for (const s of keys) lines.push(`- \`${e.path}\`: \`${s.key}\`, the service password of ${JSON.stringify(s.title)} (item ${s.itemId})`);
    lines.push("");
  }
  return lines.join("\n");
}

/** Moves the downloaded files of each part's items from `<dir>/files/` into the part's own files/. */
async function moveFiles(dir: string, split: Split): Promise<void> {
  for (const part of split.parts) {
    for (const e of part.items) {
      if (!e.file) continue;
      const to = path.join(dir, partDir(part), "files", e.name);
      await fs.promises.mkdir(path.dirname(to), { recursive: true });
      await fs.promises.rename(path.join(dir, "files", e.name), to);
    }
  }
  await fs.promises.rm(path.join(dir, "files"), { recursive: true, force: true });
}

/** Writes every file of a split export in `dir` (the staging directory). */
export async function writeSplitProjects(dir: string, snapshot: OrgSnapshot, split: Split, programs: { org: string; parts: ReadonlyArray<{ text: string; secrets: SecretKey[] }> }): Promise<ProjectEntry[]> {
  const projects = projectEntries(snapshot, split);
  const [org, ...parts] = projects;
  await write(dir, "package.json", packageJson(projectName(snapshot), null));
  await write(dir, ".gitignore", "node_modules/\n");
  await write(dir, "projects.json", `${JSON.stringify(projects, null, 2)}\n`);
  await write(dir, "README.md", readme(snapshot, split, projects, programs.parts.map((p) => p.secrets)));
  const project = async (entry: ProjectEntry, program: string, description: string) => {
    const at = path.join(dir, entry.path);
    await write(at, "Pulumi.yaml", pulumiYaml(entry.name, `${asCode(snapshot)}: ${description}, exported by pulumi-gis-portal`));
    await write(at, "tsconfig.json", TSCONFIG);
    await write(at, "index.ts", program);
  };
  await project(org, programs.org, "the organization-wide project");
  await writeTrees(path.join(dir, ORG_DIR), snapshot);
  for (const [i, part] of split.parts.entries()) {
    await project(parts[i], programs.parts[i].text, partDescription(part, split.by));
    await writeTexts(path.join(dir, partDir(part)), part.items);
  }
  await moveFiles(dir, split);
  return projects;
}
