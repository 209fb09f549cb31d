// Issue acceptance: a stack with invalid input fails at preview, listing every violation by path
// (spec.md#limits limits, spec.md#design-check), and sends no request to the portal (the request log proves it).
import { strict as assert } from "node:assert";
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../support/pulumi";
import { beyondConnectionRead, clearRequestLog, requestLog } from "../provider/resources/portalCalls";

const program = `
const portal = require("pulumi-gis-portal");
const leaf = (title) => ({ title });
new portal.CategorySchema("too-much", {
  categorySchema: [
    { title: "A".repeat(112), description: "d".repeat(301), categories: [leaf("")] },
    { title: "Deep", categories: [{ title: "L2", categories: [{ title: "L3", categories: [{ title: "L4", categories: [leaf("L5")] }] }] }] },
    leaf("T3"), leaf("T4"), leaf("T5"),
    { title: "T6", categories: Array.from({ length: 200 }, (_, i) => leaf("c" + i)) },
  ],
});
new portal.MemberCategorySchema("members", { memberCategorySchema: [{ title: "Staff", categories: [leaf("GIS")] }] });
`;

// every field of spec.md#item-fields added to PortalItem, and its sharing, each broken once
const itemProgram = `
const portal = require("pulumi-gis-portal");
new portal.PortalItem("bad-app", {
  type: "Web Mapping Application", title: "Bad app", url: "https://apps.example.com/bad",
  metadata: "missing.xml", screenshot: ["not a url"], appCategories: "Mapping", largeThumbnail: 5,
  listingProperties: { priceType: "paid" }, advancedSettings: "{not json",
  sharing: { access: "everyone", groups: ["nope"] },
});
`;

describe("e2e resources: invalid input fails at preview without a request", function () {
  this.timeout(300_000);
  let emu: RunningEmulator;
  let project: FixtureProject;
  let stack: Stack;
  let itemProject: FixtureProject;
  let itemStack: Stack;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    project = createFixtureProject("resources-invalid", program);
    stack = await fixtureStack(project, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
    itemProject = createFixtureProject("resources-invalid-item", itemProgram);
    itemStack = await fixtureStack(itemProject, "dev", {
      "portal:url": { value: emu.portalUrl },
      "portal:token": { value: emu.tokens.dev_admin, secret: true },
    });
  });

  after(async () => {
    await emu?.close();
    project?.remove();
    itemProject?.remove();
  });

  it("part 8 / 4.4: every violation is listed by property path and the portal sees no request", async () => {
    await clearRequestLog(emu);
    const error = await stack.preview().then(
      () => undefined,
      (e: Error) => e,
    );
    assert.ok(error, "the preview fails");
    const out = String(error.message);
    // the engine stops at the first invalid resource; that resource lists all its violations
    const expected: [string, RegExp][] = [
      ["categorySchema[0].title", /112 characters; at most 100/],
      ["categorySchema[0].description", /301 characters; at most 300/],
      ["categorySchema[0].categories[0].title", /empty; a value is required/],
      ["categorySchema[5]", /6 trees; at most 5/],
      ["categorySchema[1].categories[0].categories[0].categories[0].categories[0]", /level 5; at most 4 levels/],
      ["categorySchema[5].categories[189]", /211 categories in total; at most 200 \(category 201 is here\)/],
    ];
    for (const [property, reason] of expected) {
      const line = out.split("\n").find((l) => l.includes(`property ${property} `));
      assert.ok(line, `${property} is listed:\n${out}`);
      assert.match(line, reason, `${property}: ${reason}`);
    }
    // a resource of the program that passes its check may send the preview's one connection read (issue 29)
    assert.deepEqual(beyondConnectionRead(await requestLog(emu)), [], "check sends nothing else to the portal");
  });

  it("the new item fields and sharing: each violation names its path, the rule and the limit; the portal sees no request", async () => {
    await clearRequestLog(emu);
    const error = await itemStack.preview().then(
      () => undefined,
      (e: Error) => e,
    );
    assert.ok(error, "the preview fails");
    const out = String(error.message);
    const expected: [string, RegExp][] = [
      ["metadata", /no such file: [^ ]*missing\.xml \(a relative path is taken from the program.s directory\)/],
      ["screenshot[0]", /"not a url" is not an http\(s\) URL/],
      ["appCategories", /expected array/],
      ["largeThumbnail", /expected string, got number 5/],
      ["listingProperties.priceDesc", /required when priceType is "paid"/],
      ["advancedSettings", /not valid JSON text/],
      ["sharing.access", /"everyone" is not one of: "private", "org", "public"/],
      ["sharing.groups[0]", /must be a group id: exactly 32 hexadecimal digits/],
    ];
    for (const [property, reason] of expected) {
      const line = out.split("\n").find((l) => l.includes(`property ${property} `));
      assert.ok(line, `${property} is listed:\n${out}`);
      assert.match(line, reason, `${property}: ${reason}`);
    }
    // a resource of the program that passes its check may send the preview's one connection read (issue 29)
    assert.deepEqual(beyondConnectionRead(await requestLog(emu)), [], "check sends nothing else to the portal");
  });
});
