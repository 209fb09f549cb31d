// The demo: a portal administrator's day with the org's category trees in git, against the
// embedded emulator and the real Pulumi engine (offline: file backend, passphrase secrets).
//   1. dev: preview --diff, then up (trees, a group with its members, a folder, a map shared with the group)
//   2. a pull request edits the tree: the reviewer's diff, up
//   3. someone edits the tree in the portal's web UI: refresh finds the drift, up restores it
//   4. promote: the same program on the prod stack, a config change only      5. destroy
// Run it with `scripts/demo` (installs and builds first). `--keep` leaves the project directory.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../test/support/pulumi";

const example = path.resolve(__dirname, "..", "examples", "categories");
const keep = process.argv.includes("--keep");

function step(title: string): void {
  process.stdout.write(`\n\x1b[1m━━ ${title}\x1b[0m\n`);
}

/** Prints what the engine printed, without the progress lines. */
function show(out: string): void {
  process.stdout.write(out.split("\n").filter((l) => !/^\s*@ /.test(l)).join("\n") + "\n");
}

async function sharing(emu: RunningEmulator, op: string, user: string, params: Record<string, string> = {}): Promise<any> {
  const body = new URLSearchParams({ f: "json", token: emu.tokens[user], ...params });
  const res = await fetch(`${emu.sharingUrl}/${op}`, { method: "POST", body });
  const json: any = await res.json();
  if (json.error) throw new Error(`${op}: ${json.error.message}`);
  return json;
}

function copyExample(project: FixtureProject): void {
  for (const file of ["Pulumi.yaml", "index.ts", "trees/content-categories.yaml", "trees/member-categories.yaml"]) {
    fs.mkdirSync(path.dirname(path.join(project.dir, file)), { recursive: true });
    fs.copyFileSync(path.join(example, file), path.join(project.dir, file));
  }
  project.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
}

/** A pull request: add Water/Groundwater, rename Land/Land Cover to Land Use, move Rail under Land. */
function editTree(project: FixtureProject): void {
  const file = path.join(project.dir, "trees", "content-categories.yaml");
  const yaml = fs.readFileSync(file, "utf8")
    .replace("        - title: Lakes\n          description: Lakes and reservoirs\n", "        - title: Lakes\n          description: Lakes and reservoirs\n        - title: Groundwater\n          description: Aquifers and wells\n")
    .replace("        - title: Land Cover\n", "        - title: Land Use\n        - title: Rail\n")
    .replace("        - title: Roads\n        - title: Rail\n", "        - title: Roads\n");
  fs.writeFileSync(file, yaml);
}

async function main(): Promise<void> {
  step("Starting the portal emulator (two organizations: dev and prod)");
  const emu = await startEmulator({ port: 0 });
  process.stdout.write(`sharing URL ${emu.sharingUrl}\n`);
  step("Installing the packed package into a copy of examples/categories");
  const project = createFixtureProject("portal-categories", "");
  copyExample(project);
  const stacks: Record<string, Stack> = {};
  try {
    for (const name of ["dev", "prod"]) {
      stacks[name] = await fixtureStack(project, name, {
        "portal:url": { value: emu.portalUrl },
        "portal:token": { value: emu.tokens[`${name}_admin`], secret: true },
        // the group's members differ per portal: stack config, like the credentials
        "portal-categories:fieldCrewMembers": { value: JSON.stringify([`${name}_user`, `${name}_viewer`]) },
      });
    }

    step("1. dev: pulumi preview --diff");
    show((await stacks.dev.preview({ diff: true })).stdout);
    step("1. dev: pulumi up");
    show((await stacks.dev.up()).stdout);

    step("2. A pull request edits trees/content-categories.yaml — what the reviewer reads");
    editTree(project);
    show((await stacks.dev.preview({ diff: true })).stdout);
    step("2. Merged: pulumi up on dev");
    show((await stacks.dev.up()).stdout);

    step("3. Someone removes 'Transportation' in the portal's web UI; pulumi refresh finds the drift");
    const current = (await sharing(emu, `portals/${(await sharing(emu, "portals/self", "dev_admin")).id}/categorySchema`, "dev_admin")).categorySchema;
    const edited = current.map((tree: any) => ({ ...tree, categories: tree.categories.filter((c: any) => c.title !== "Transportation") }));
    await sharing(emu, `portals/${(await sharing(emu, "portals/self", "dev_admin")).id}/assignCategorySchema`, "dev_admin", { categorySchema: JSON.stringify({ categorySchema: edited }) });
    show((await stacks.dev.refresh()).stdout);
    step("3. pulumi preview --diff shows what up will restore");
    show((await stacks.dev.preview({ diff: true })).stdout);
    show((await stacks.dev.up()).stdout);

    step("4. Promote to prod: the same program, stack prod (only portal:url and the token differ)");
    show((await stacks.prod.up()).stdout);
    const devTree = (await sharing(emu, `portals/${emu.portalId}/categorySchema`, "dev_admin")).categorySchema;
    const prodId = (await sharing(emu, "portals/self", "prod_admin")).id;
    const prodTree = (await sharing(emu, `portals/${prodId}/categorySchema`, "prod_admin")).categorySchema;
    const same = JSON.stringify(devTree) === JSON.stringify(prodTree);
    process.stdout.write(`prod's content categories ${same ? "equal" : "DIFFER FROM"} dev's\n`);
    if (!same) throw new Error("promotion did not reproduce dev's tree on prod");

    step("5. pulumi destroy on both stacks");
    for (const name of ["prod", "dev"]) show((await stacks[name].destroy()).stdout);
    step("Done");
    if (keep) process.stdout.write(`project kept in ${project.dir}\n`);
  } finally {
    await emu.close();
    if (!keep) project.remove();
  }
}

main().catch((e) => {
  process.stderr.write(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
