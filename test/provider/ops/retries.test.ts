// The retry policy against the emulator's fault injection (design Transport): the emulator's own
// request log shows which requests arrived how many times.
import assert from "node:assert/strict";
import * as ops from "../../../provider/ops";
import { NetworkError, PortalError } from "../../../provider/rest/errors";
import { newItemId, useEmulator } from "./emulator";

describe("ops: retries against injected faults (design Transport)", () => {
  const env = useEmulator();
  const control = (path: string, body?: unknown, method = "POST") =>
    fetch(`${env.emu.controlUrl}/${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const arrivals = async (operation: string) => ((await (await control("requests", undefined, "GET")).json()) as { requests: Array<{ operation: string; status: number }> }).requests.filter((r) => r.operation === operation);
  const fast = { sleep: async () => undefined };

  afterEach(async () => {
    await control("faults", undefined, "DELETE");
    await control("requests", undefined, "DELETE");
  });

  it("429 burst with Retry-After: assignCategorySchema arrives three times and succeeds", async () => {
    const c = env.client("dev_admin", fast);
    await c.portalId();
    await control("requests", undefined, "DELETE");
    await control("faults", { burst429: { count: 2, retryAfterSeconds: 0 } });
    assert.equal((await ops.assignCategorySchema(c, [{ title: "Categories" }])).success, true);
    assert.equal((await arrivals("assignCategorySchema")).length, 3);
  });

  it("a rate-limited read (429 on categorySchema only) is retried until it passes", async () => {
    const c = env.client("dev_admin", fast);
    await c.portalId();
    await control("faults", { burst429: { count: 1, retryAfterSeconds: 0 }, paths: "categorySchema$" });
    assert.ok(Array.isArray((await ops.getCategorySchema(c)).categorySchema));
    assert.equal((await arrivals("categorySchema")).length, 2);
  });

  it("4.1: append hit by a 503 arrives once and fails", async () => {
    const c = env.client("dev_publisher", fast);
    await control("faults", { rate: 1, codes: [503], paths: "/append$" });
    const layerUrl = await ops.layerUrl(c, "Stations", 0);
    await assert.rejects(ops.append(c, { layerUrl, edits: { features: [] } }), (e: PortalError) => e.code === 503);
    assert.equal((await arrivals("append")).length, 1);
  });

  it("4.6: addItem without itemIdToCreate arrives once on a dropped connection; with it, it is repeated", async () => {
    const c = env.client("dev_publisher", fast);
    await control("faults", { rate: 1, dropConnections: true, paths: "addItem$" });
    const starts = () => env.log.filter((l) => l.startsWith("START POST") && l.endsWith("addItem (addItem)")).length;
    const before = starts();
    await assert.rejects(ops.addItem(c, { owner: "dev_publisher", item: { title: "Once", type: "Web Map", text: "{}" } }), NetworkError);
    assert.equal(starts() - before, 1, "sent once, not repeated");
    await control("requests", undefined, "DELETE");
    await control("faults", { burst429: { count: 2, retryAfterSeconds: 0 }, paths: "addItem$" });
    const id = newItemId();
    assert.equal((await ops.addItem(c, { owner: "dev_publisher", item: { title: "Twice", type: "Web Map", text: "{}", itemIdToCreate: id } })).id, id);
    assert.equal((await arrivals("addItem")).length, 3);
  });
});
