// Issue acceptance: one program, two stacks (dev and prod) against two emulator orgs; promotion is
// a config change only. The program is examples/categories itself (TypeScript, its YAML trees),
// copied into a fixture project with the packed package installed.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";
import { contentSchemaOf, memberSchemaOf, orgOf } from "../provider/resources/portalCalls";

const example = path.resolve(__dirname, "..", "..", "examples", "categories");

/** The example's files over the fixture project (its package.json stays: the packed package). */
function copyExample(project: FixtureProject): void {
  for (const file of ["Pulumi.yaml", "index.ts", "trees/content-categories.yaml", "trees/member-categories.yaml"]) {
    fs.mkdirSync(path.dirname(path.join(project.dir, file)), { recursive: true });
    fs.copyFileSync(path.join(example, file), path.join(project.dir, file));
  }
  // the SDK's bundled TypeScript only transpiles here; the repository type-checks the example
  project.env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
}

describe("e2e resources: one program, dev and prod stacks", function () {
  this.timeout(600_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  const stacks: Record<string, Stack> = {};

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("portal-categories", "");
    copyExample(project);
    for (const name of ["dev", "prod"]) {
      stacks[name] = await fixtureStack(project, name, {
        "portal:url": { value: emu.portalUrl },
        "portal:token": { value: emu.tokens[`${name}_admin`], secret: true },
      });
    }
  });

  after(async () => {
    await emu?.close();
    project?.remove();
  });

  it("4.2/4.4: the example applies to dev, then the same program promotes to prod by stack config alone", async () => {
    const dev = await stacks.dev.up();
    assert.equal(dev.summary.result, "succeeded");
    assert.equal(dev.outputs.portalId.value, await orgOf(emu, "dev_admin"));
    assert.ok(Object.keys(dev.outputs.contentCategories.value as Record<string, string>).includes("Categories/Water/Rivers"));
    assert.deepEqual(await contentSchemaOf(emu, "prod_admin"), [], "prod untouched by the dev stack");

    const prod = await stacks.prod.up();
    assert.equal(prod.summary.result, "succeeded");
    assert.equal(prod.outputs.portalId.value, await orgOf(emu, "prod_admin"));
    assert.notEqual(prod.outputs.portalId.value, dev.outputs.portalId.value);
    assert.deepEqual(await contentSchemaOf(emu, "prod_admin"), await contentSchemaOf(emu, "dev_admin"), "prod holds exactly dev's tree");
    assert.deepEqual(await memberSchemaOf(emu, "prod_admin"), await memberSchemaOf(emu, "dev_admin"));
    assert.deepEqual(Object.keys(prod.outputs.memberCategories.value), ["Departments", "Departments/Planning", "Departments/Public Works", "Departments/Utilities", "Roles", "Roles/Analyst", "Roles/Editor"]);

    for (const name of ["dev", "prod"]) assert.equal((await stacks[name].destroy()).summary.result, "succeeded");
    assert.deepEqual(await contentSchemaOf(emu, "dev_admin"), []);
    assert.deepEqual(await contentSchemaOf(emu, "prod_admin"), []);
  });
});
