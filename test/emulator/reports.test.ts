import { strict as assert } from "node:assert";
import { Harness, eventually } from "./harness";

describe("emulator: URL reports (spec.md#url-report-job, spec.md#url-report, spec.md#url-report-job-states, spec.md#generate-url-report, spec.md#versions)", () => {
  let h: Harness;
  before(async () => {
    h = await Harness.start();
  });
  after(() => h.close());
  const admin = () => h.token("dev_admin");
  const generate = (fields: Record<string, string | boolean>, token = admin()) => h.call(`portals/${h.emu.portalId}/urls/generateUrlReport`, fields, { token });

  it("4.7 / 2.10: a sync report lists the items whose url or data hold the portal URL", async () => {
    const byUrl = await h.addItem("dev_user", { type: "Web Mapping Application", url: `${h.emu.portalUrl}/apps/viewer`, text: undefined });
    const byData = await h.addItem("dev_publisher", { text: JSON.stringify({ operationalLayers: [{ url: `${h.emu.portalUrl}/x` }], widgets: [{ markdown: `see ${h.emu.portalUrl}` }] }) });
    const unrelated = await h.addItem("dev_user", { url: "https://elsewhere.example.com/app", type: "Web Mapping Application", text: undefined });
    const prod = await h.addItem("prod_user", { url: `${h.emu.portalUrl}/apps/prod`, type: "Web Mapping Application", text: undefined });
    const r = await generate({ urlType: "portalUrl" });
    const report = r.siteUrlReport;
    assert.deepEqual(Object.keys(report).sort(), ["id", "itemCount", "items", "portal", "reportCreated", "reportVersion"]);
    assert.equal(typeof report.reportCreated, "string", "reportCreated is a text date");
    assert.ok(!Number.isNaN(Date.parse(report.reportCreated)));
    assert.deepEqual(Object.keys(report.portal).sort(), ["httpsUrl", "portalId", "version", "webContextUrl"]);
    assert.equal(report.portal.portalId, h.emu.portalId);
    const ids = report.items.map((i: any) => i.itemId);
    assert.ok(ids.includes(byUrl) && ids.includes(byData));
    assert.ok(!ids.includes(unrelated) && !ids.includes(prod), "other urls and other orgs are not listed");
    assert.equal(report.itemCount, report.items.length);
    const urlRow = report.items.find((i: any) => i.itemId === byUrl);
    assert.deepEqual(urlRow, { itemId: byUrl, owner: "dev_user", itemType: "Web Mapping Application", itemInfo: { url: `${h.emu.portalUrl}/apps/viewer` } });
    const dataRow = report.items.find((i: any) => i.itemId === byData);
    assert.deepEqual(dataRow.data.urls, [{ url: `${h.emu.portalUrl}/x` }, { markdown: `see ${h.emu.portalUrl}` }]);
  });

  it("4.7 / 3.4 / 2.9: async=true answers {jobId, key, jobUrl}; polling jobUrl gives the job resource, completed with result", async () => {
    await h.control("jobs/mode", { kind: "urlReport", mode: "manual" });
    try {
      const r = await generate({ urlType: "portalUrl", async: true });
      assert.deepEqual(Object.keys(r).sort(), ["jobId", "jobUrl", "key"]);
      assert.equal(r.jobUrl, `${h.emu.sharingUrl}/portals/self/jobs/${r.jobId}`);
      const running = await h.call(r.jobUrl, {}, { token: admin() });
      assert.equal(running.id, r.jobId);
      assert.deepEqual(running.definition, { type: "generateUrlReport" });
      assert.equal(running.status, "processing");
      assert.equal(typeof running.created, "number");
      assert.equal(running.result, undefined);
      await h.control(`jobs/${r.jobId}/step`);
      const done = await h.call(r.jobUrl, {}, { token: admin() });
      assert.equal(done.status, "completed");
      assert.ok(done.modified >= done.created);
      assert.deepEqual(done.messages, []);
      assert.equal(typeof done.result.details, "string");
      assert.equal(typeof done.result.urlReport.itemCount, "number");
      assert.equal((await h.call(r.jobUrl, {}, { token: h.token("prod_admin") })).error.code, 404, "another org cannot poll it");
    } finally {
      await h.control("jobs/mode", { kind: "urlReport", mode: "auto" });
    }
  });

  it("4.7: an async job completes on its own in auto mode", async () => {
    const r = await generate({ urlType: "portalUrl", async: true });
    await eventually(async () => ((await h.call(r.jobUrl, {}, { token: admin() })).status === "completed" ? true : undefined), "the URL-report job");
  });

  it("4.7: urlType is required; federatedServerUrl requires a known serverId", async () => {
    assert.match((await generate({})).error.message, /'urlType'/);
    assert.match((await generate({ urlType: "everything" })).error.message, /must be one of/);
    assert.match((await generate({ urlType: "federatedServerUrl" })).error.message, /'serverId'/);
    assert.match((await generate({ urlType: "federatedServerUrl", serverId: "nope" })).error.message, /Unknown federated server/);
    const fed = await h.addItem("dev_publisher", { type: "Feature Service", url: `${h.emu.url}/arcgis/rest/services/S/FeatureServer`, text: undefined });
    const r = await generate({ urlType: "federatedServerUrl", serverId: "hostingServer" });
    assert.ok(r.siteUrlReport.items.some((i: any) => i.itemId === fed));
  });

  it("part 5: a plain user may not generate a URL report", async () => {
    assert.equal((await generate({ urlType: "portalUrl" }, h.token("dev_user"))).error.code, 403);
  });

  it("part 9: at release 11.3 generateUrlReport answers 404 naming release 11.4", async () => {
    const old = await Harness.start({ release: "11.3" });
    try {
      const r = await old.call(`portals/${old.emu.portalId}/urls/generateUrlReport`, { urlType: "portalUrl" }, { token: old.token("dev_admin") });
      assert.equal(r.error.code, 404);
      assert.match(r.error.message, /introduced at release 11\.4/);
    } finally {
      await old.close();
    }
  });
});
