// getUrlReport in the program process against the emulator (spec.md#generate-url-report, spec.md#url-report-job, spec.md#url-report, spec.md#url-report-job-states).
import { strict as assert } from "node:assert";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { getUrlReport, getUrlReportOutput } from "../../../resources/functions";
import { firstJob, setJobMode, stepJob } from "../resources/layerAppendCalls";
import { clearRequestLog, portalGet, portalPost, requestLog } from "../resources/portalCalls";
import { usePortalEnv } from "./programEnv";

describe("function getUrlReport against the emulator", () => {
  let emu: RunningEmulator;
  let restoreEnv: () => void;

  before(async () => {
    emu = await startEmulator({ port: 0 });
    restoreEnv = usePortalEnv(emu, "dev_admin");
    await portalPost(emu, "dev_admin", "content/users/dev_admin/addItem", { title: "Portal link", type: "Web Mapping Application", url: `${emu.portalUrl}/apps/viewer` });
  });
  after(async () => {
    restoreEnv();
    await emu.close();
  });

  it("3.4/2.9: runs the async job; manual stepping shows it processing until the step, then returns result.urlReport (2.10)", async () => {
    await setJobMode(emu, "urlReport", "manual");
    await clearRequestLog(emu);
    try {
      const pending = getUrlReport({ urlType: "portalUrl", timeoutSeconds: 30 });
      const job = await firstJob(emu, "urlReport");
      const polled = await portalGet(emu, "dev_admin", `portals/self/jobs/${job.id}`);
      assert.equal(polled.status, "processing");
      assert.equal(polled.definition.type, "generateUrlReport");
      assert.equal(polled.result, undefined);
      await stepJob(emu, job.id);
      const report = await pending;
      assert.equal(report.portal.portalId, emu.portalId);
      assert.equal(report.itemCount, report.items.length);
      assert.ok(report.items.some((i) => i.itemType === "Web Mapping Application" && i.owner === "dev_admin"), JSON.stringify(report.items));
      const ops = (await requestLog(emu)).map((r) => `${r.method} ${r.operation}`);
      assert.equal(ops.filter((o) => o === "POST generateUrlReport").length, 1, "one job started");
      assert.ok(ops.filter((o) => o.endsWith(` ${job.id}`)).length >= 2, `the job was polled until completed: ${ops.join(", ")}`);
    } finally {
      await setJobMode(emu, "urlReport", "auto");
    }
  });

  it("4.7: urlType is required and serverId comes with federatedServerUrl; refused before any request", async () => {
    await clearRequestLog(emu);
    await assert.rejects(getUrlReport({ urlType: "federatedServerUrl" }), /getUrlReport: invalid arguments, nothing was sent: serverId: required when urlType is federatedServerUrl/);
    await assert.rejects(getUrlReport({} as any), /getUrlReport: invalid arguments.*urlType/);
    assert.deepEqual(await requestLog(emu), []);
  });

  it("spec.md#design-timeouts: the job deadline says what it waited for and the last status", async () => {
    await setJobMode(emu, "urlReport", "manual");
    try {
      await assert.rejects(getUrlReport({ urlType: "portalUrl", timeoutSeconds: 0.2 }), /waiting for URL-report job \w+; last status seen: "processing"/);
    } finally {
      await setJobMode(emu, "urlReport", "auto");
    }
  });

  it("getUrlReportOutput takes Output arguments and gives the same report", async () => {
    const out = getUrlReportOutput({ urlType: Promise.resolve("portalUrl" as const) });
    const report = await (out as any).promise();
    assert.equal(report.portal.portalId, emu.portalId);
  });
});
