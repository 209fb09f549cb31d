// Foundation (spec.md#design-closure): the package packed and installed as a user installs it, a real
// Pulumi engine (the CLI built by scripts/ensure-pulumi), a file backend, the emulator.
// preview → up → preview with no changes → state inspection → destroy.
import { strict as assert } from "node:assert";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, rawStateFile, type FixtureProject } from "../support/pulumi";

const program = `
const portal = require("pulumi-gis-portal");
const schema = new portal.CategorySchema("org-categories", {
  categorySchema: [{ title: "Categories", categories: [{ title: "Basemaps" }, { title: "Imagery" }] }],
});
exports.portalId = schema.portalId;
`;

describe("e2e foundation: packed package, real engine, serialized provider stub", function () {
  this.timeout(300_000);
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let project: FixtureProject;
  let stack: Stack;

  before(async () => {
    emulator = await startEmulator({ port: 0 });
    project = createFixtureProject("foundation", program);
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emulator.portalUrl },
      "portal:token": { value: emulator.tokens.dev_admin, secret: true },
    });
  });

  after(async () => {
    await emulator?.close();
    project?.remove();
  });

  it("previews, creates, shows no changes on a second preview, and destroys", async () => {
    const preview = await stack.preview();
    assert.equal(preview.changeSummary.create, 2, `preview: ${JSON.stringify(preview.changeSummary)}`);

    const up = await stack.up();
    assert.equal(up.summary.result, "succeeded");
    assert.equal(up.outputs.portalId.value, emulator.portalId);

    const again = await stack.preview();
    assert.deepEqual(again.changeSummary, { same: 2 }, "a second preview of the same program changes nothing");

    const state = await stack.exportStack();
    const resources: any[] = state.deployment.resources;
    const dynamic = resources.filter((r) => String(r.type).startsWith("pulumi-nodejs:dynamic"));
    assert.equal(dynamic.length, 1);
    assert.equal(dynamic[0].type, "pulumi-nodejs:dynamic/portal:CategorySchema", "type token of spec.md#design-type-tokens");
    const serialized = String(dynamic[0].outputs.__provider);
    assert.ok(serialized.length < 2048, `__provider is ${serialized.length} bytes; at most 2048`);
    assert.doesNotMatch(serialized, /zod|undici|ZodObject|Dispatcher/i, "the stub captures no schema or transport objects");
    assert.match(serialized, /require\("pulumi-gis-portal\/stubs\/categorySchema"\)/, `the stub is captured by package name, not by value: ${serialized}`);
    const leaked = rawStateFile(project, "foundation", "dev").match(new RegExp(`.{0,200}${emulator.tokens.dev_admin}.{0,80}`));
    assert.equal(leaked, null, `the token never enters state: ${leaked?.[0]}`);

    const destroy = await stack.destroy();
    assert.equal(destroy.summary.result, "succeeded");
    const log = (await (await fetch(`${emulator.controlUrl}/requests`)).json()) as { requests: { path: string }[] };
    assert.ok(log.requests.some((r) => /deleteCategorySchema$/.test(r.path)), "destroy deleted the schema on the portal");
  });
});
