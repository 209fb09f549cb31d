// provider/progress.ts: progress lines go to the engine only inside the SDK's dynamic-provider host,
// are throttled per key (a final line always goes), and read as the CLI shows them.
import { strict as assert } from "node:assert";
import { dynamicProviderEngineAddress, jobProgressLine, reportProgress, resetProgressForTests, uploadProgressLine } from "../../provider/progress";

describe("unit: progress lines", () => {
  afterEach(() => resetProgressForTests());

  it("finds the engine address only in the dynamic-provider host", () => {
    const host = ["/usr/bin/node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:40123"];
    assert.equal(dynamicProviderEngineAddress(host, {}), "127.0.0.1:40123");
    assert.equal(dynamicProviderEngineAddress(host, { PULUMI_GIS_PORTAL_PROGRESS: "0" }), undefined);
    assert.equal(dynamicProviderEngineAddress(["/usr/bin/node", "/p/node_modules/.bin/mocha", "127.0.0.1:1"], {}), undefined);
    assert.equal(dynamicProviderEngineAddress([host[0], host[1]], {}), undefined);
  });

  it("throttles per key; a final line always goes", async () => {
    const sent: [string, string][] = [];
    resetProgressForTests(async (m, urn) => void sent.push([m, urn]));
    await reportProgress("a1", { key: "a", urn: "urn:a" });
    await reportProgress("a2", { key: "a", urn: "urn:a" });
    await reportProgress("b1", { key: "b" });
    await reportProgress("a3", { key: "a", urn: "urn:a", final: true });
    assert.deepEqual(sent, [["a1", "urn:a"], ["b1", ""], ["a3", "urn:a"]]);
  });

  it("is a no-op outside the host", async () => {
    resetProgressForTests();
    await reportProgress("nothing happens", { final: true });
  });

  it("reads as bytes, MiB/s and parts; job status and elapsed time", () => {
    assert.equal(uploadProgressLine(128 * 2 ** 20, 256 * 2 ** 20, 4000, { done: 16, total: 32 }), "uploading 128.0 of 256.0 MiB (50%), 32.0 MiB/s, parts 16/32");
    assert.equal(uploadProgressLine(0, 0, 0), "uploading 0.0 of 0.0 MiB (100%), 0.0 MiB/s");
    assert.equal(jobProgressLine("append job", "processing", 41_600), "append job processing, 42 s");
  });
});
