// URL reports and the reassignment pre-check against the emulator (spec.md#generate-url-report, spec.md#url-report-job, spec.md#url-report, spec.md#url-report-job-states, spec.md#can-reassign-items).
import assert from "node:assert/strict";
import * as ops from "../../../provider/ops";
import { PortalError } from "../../../provider/rest/errors";
import { useEmulator } from "./emulator";

describe("ops: generateUrlReport and canReassignItems (spec.md#generate-url-report, spec.md#can-reassign-items)", () => {
  const env = useEmulator();

  it("4.7: a synchronous report answers siteUrlReport (2.10)", async () => {
    const c = env.client("dev_admin");
    await ops.addItem(c, { owner: "dev_admin", item: { title: "Portal link", type: "Web Mapping Application", url: `${env.emu.portalUrl}/apps/x` } });
    const r = await ops.generateUrlReport(c, { urlType: "portalUrl" });
    assert.equal(r.siteUrlReport?.portal.portalId, env.emu.portalId);
    assert.ok((r.siteUrlReport?.itemCount ?? 0) >= 1);
  });

  it("4.7/3.4: an async report starts a job; polling portals/self/jobs/<id> reaches completed with the report", async () => {
    const c = env.client("dev_admin");
    const start = await ops.generateUrlReport(c, { urlType: "portalUrl", async: true });
    assert.ok(start.jobId && start.jobUrl?.endsWith(`/portals/self/jobs/${start.jobId}`));
    const job = await ops.waitForUrlReportJob(c, start.jobId!, 20_000);
    assert.equal(job.status, "completed");
    assert.equal(job.result?.urlReport?.portal.portalId, env.emu.portalId);
    assert.equal((await ops.getUrlReportJob(c, start.jobId!)).definition?.type ?? "generateUrlReport", "generateUrlReport");
  });

  it("4.7: federatedServerUrl without serverId is refused", async () => {
    await assert.rejects(ops.generateUrlReport(env.client("dev_admin"), { urlType: "federatedServerUrl" }), (e: PortalError) => e.code === 400);
  });

  it("4.8: canReassignItems batches by 100 and merges the results", async () => {
    const c = env.client("dev_publisher");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ops.addItem(c, { owner: "dev_publisher", item: { title: `R${i}`, type: "Web Map", text: "{}" } })).id!);
    const many = [...ids, ...Array.from({ length: 100 }, (_, i) => i.toString(16).padStart(32, "0"))];
    const before = env.log.filter((l) => l.startsWith("START") && l.includes("canReassignItems")).length;
    const r = await ops.canReassignItems(env.client("dev_admin"), { owner: "dev_publisher", itemIds: many, targetUsername: "dev_user" });
    assert.equal(env.log.filter((l) => l.startsWith("START") && l.includes("canReassignItems")).length - before, 2);
    assert.equal(r.results.length, 103);
    assert.deepEqual(r.results.slice(0, 3).map((x) => x.success), [true, true, true]);
    assert.equal(r.results[3].success, false);
  });

  it("part 7: CONT_0291 becomes per-item reasons instead of a bare exception", async () => {
    const c = env.client("dev_publisher");
    const { id } = await ops.addItem(c, { owner: "dev_publisher", item: { title: "Service", type: "Feature Service", url: "https://x.example.com/arcgis/rest/services/s/FeatureServer" } });
    const r = await ops.canReassignItems(env.client("dev_admin"), { owner: "dev_publisher", itemIds: [id!], targetUsername: "dev_viewer" });
    assert.equal(r.results[0].success, false);
    assert.match(r.results[0].reason ?? "", /dev_viewer/);
    assert.equal(r.results[0].detail?.itemId, id);
  });
});
