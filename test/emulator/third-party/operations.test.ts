// arcgis-rest-js request() for the seed operations it has no helper for: setContentStatus (4.5),
// category schemas (4.2–4.4), generateUrlReport (4.7) and canReassignItems (4.8), with the seed's
// response shapes and error envelopes (part 7) as ArcGISRequestError code/response.
import { strict as assert } from "node:assert";
import type { RunningEmulator } from "../../../emulator/index";
import { ArcGISRequestError } from "@esri/arcgis-rest-request";
import { createItem, getItem } from "@esri/arcgis-rest-portal";
import { as, lastSent, rejection, request, sentField, start, stop, until } from "./support";

type Envelope = { error: { code: number; messageCode?: string; message: string; details: unknown[] } };
const envelope = (e: ArcGISRequestError) => (e.response as Envelope).error;

describe("arcgis-rest-js: request() for setContentStatus, category schemas, URL reports, canReassignItems", () => {
  let emu: RunningEmulator;
  let portal: string;
  before(async () => {
    emu = await start();
    portal = `${emu.sharingUrl}/portals/${emu.portalId}`;
  });
  after(async () => stop(emu));

  const newItem = async (user: string, item: Record<string, unknown>) => (await createItem({ ...as(emu, user), item: { type: "Web Map", ...item } as never, text: "{}" })).id;

  it("4.5 / 3.1: setContentStatus answers {success, itemId}; an empty status with clearEmptyFields=true (boolean) clears it", async () => {
    const id = await newItem("dev_user", { title: "Status map" });
    const url = `${emu.sharingUrl}/content/items/${id}/setContentStatus`;
    assert.deepEqual(await request(url, { ...as(emu, "dev_user"), params: { status: "deprecated" } }), { success: true, itemId: id });
    assert.equal((await getItem(id, as(emu, "dev_user"))).contentStatus, "deprecated");
    assert.deepEqual(await request(url, { ...as(emu, "dev_user"), params: { status: "", clearEmptyFields: true } }), { success: true, itemId: id });
    assert.equal(sentField(lastSent("/setContentStatus"), "clearEmptyFields"), "true");
    assert.equal(sentField(lastSent("/setContentStatus"), "status"), "");
    assert.equal((await getItem(id, as(emu, "dev_user"))).contentStatus, undefined);
  });

  it("part 7: public_authoritative in an org that is not public and verified is ArcGISRequestError CONT_0163, details []", async () => {
    const id = await newItem("dev_user", { title: "Public status map" });
    const err = await rejection(request(`${emu.sharingUrl}/content/items/${id}/setContentStatus`, { ...as(emu, "dev_admin"), params: { status: "public_authoritative" } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "CONT_0163");
    assert.deepEqual({ ...envelope(err), message: "" }, { code: 400, messageCode: "CONT_0163", message: "", details: [] });
  });

  it("4.4 / 2.3: assignCategorySchema with the schema object (JSON-stringified by arcgis-rest-js); categorySchema reads it back", async () => {
    const categorySchema = [{ title: "Categories", description: "Top", categories: [{ title: "Harbour", description: "Port data", categories: [] }] }];
    assert.deepEqual(await request(`${portal}/assignCategorySchema`, { ...as(emu, "dev_admin"), params: { categorySchema: { categorySchema } } }), { success: true });
    assert.equal(sentField(lastSent("/assignCategorySchema"), "categorySchema"), JSON.stringify({ categorySchema }));
    const read = await request(`${portal}/categorySchema`, { ...as(emu, "dev_user"), httpMethod: "GET" });
    assert.deepEqual(read, { categorySchema });
  });

  it("part 7: an empty content category schema is ArcGISRequestError ORG_1132 with one detail line", async () => {
    const err = await rejection(request(`${portal}/assignCategorySchema`, { ...as(emu, "dev_admin"), params: { categorySchema: { categorySchema: [] } } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "ORG_1132");
    assert.equal(envelope(err).code, 400);
    assert.equal(envelope(err).details.length, 1);
    assert.equal(typeof envelope(err).details[0], "string");
  });

  it("4.2 / 4.3: assignMemberCategorySchema, read, deleteMemberCategorySchema; a second delete is 404 without messageCode", async () => {
    const memberCategorySchema = [{ title: "Departments", categories: [{ title: "Harbour", categories: [{ title: "Pilots" }] }] }];
    assert.deepEqual(await request(`${portal}/assignMemberCategorySchema`, { ...as(emu, "dev_admin"), params: { memberCategorySchema: { memberCategorySchema } } }), { success: true });
    const read = await request(`${portal}/memberCategorySchema`, { ...as(emu, "dev_admin"), httpMethod: "GET" });
    assert.equal(read.memberCategorySchema[0].categories[0].categories[0].title, "Pilots");
    assert.deepEqual(await request(`${portal}/deleteMemberCategorySchema`, as(emu, "dev_admin")), { success: true });
    const err = await rejection(request(`${portal}/deleteMemberCategorySchema`, as(emu, "dev_admin")));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, 404); // no messageCode: arcgis-rest-js falls back to the numeric code
    assert.equal(envelope(err).messageCode, undefined);
    assert.deepEqual(envelope(err).details, []);
  });

  it("part 7: a member schema over 200 categories is ORG_1132", async () => {
    const memberCategorySchema = [{ title: "Big", categories: Array.from({ length: 200 }, (_, i) => ({ title: `c${i}` })) }];
    const err = await rejection(request(`${portal}/assignMemberCategorySchema`, { ...as(emu, "dev_admin"), params: { memberCategorySchema: { memberCategorySchema } } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "ORG_1132");
  });

  it("4.7 / 2.10: generateUrlReport with async=false (a boolean) answers siteUrlReport listing the item", async () => {
    const id = (await createItem({ ...as(emu, "dev_user"), item: { title: "Viewer", type: "Web Mapping Application", url: `${emu.portalUrl}/apps/viewer` } })).id;
    const r = await request(`${portal}/urls/generateUrlReport`, { ...as(emu, "dev_admin"), params: { urlType: "portalUrl", async: false } });
    assert.equal(sentField(lastSent("/generateUrlReport"), "async"), "false");
    const report = r.siteUrlReport;
    assert.equal(typeof report.reportCreated, "string");
    assert.equal(report.portal.portalId, emu.portalId);
    assert.equal(report.itemCount, report.items.length);
    assert.deepEqual(report.items.find((i: { itemId: string }) => i.itemId === id), { itemId: id, owner: "dev_user", itemType: "Web Mapping Application", itemInfo: { url: `${emu.portalUrl}/apps/viewer` } });
  });

  it("4.7 / 3.4 / 2.9: generateUrlReport with async=true answers {jobId, key, jobUrl}; polling jobUrl ends completed with result", async () => {
    const start = await request(`${portal}/urls/generateUrlReport`, { ...as(emu, "dev_admin"), params: { urlType: "portalUrl", async: true } });
    assert.deepEqual(Object.keys(start).sort(), ["jobId", "jobUrl", "key"]);
    assert.equal(start.jobUrl, `${emu.sharingUrl}/portals/self/jobs/${start.jobId}`);
    const job = await until(() => request(start.jobUrl, { ...as(emu, "dev_admin"), httpMethod: "GET" }), (j) => j.status === "completed", "the URL-report job");
    assert.equal(job.id, start.jobId);
    assert.deepEqual(job.definition, { type: "generateUrlReport" });
    assert.equal(typeof job.created, "number");
    assert.equal(typeof job.modified, "number");
    assert.ok(Array.isArray(job.messages));
    assert.equal(typeof job.result.details, "string");
    assert.equal(job.result.urlReport.itemCount, job.result.urlReport.items.length);
  });

  it("4.8: canReassignItems with items as an array (comma-joined) answers results of {itemId, success}", async () => {
    const a = await newItem("dev_user", { title: "Reassign a" });
    const b = await newItem("dev_user", { title: "Reassign b" });
    const r = await request(`${emu.sharingUrl}/content/users/dev_user/canReassignItems`, { ...as(emu, "dev_admin"), params: { items: [a, b], targetUsername: "dev_publisher" } });
    assert.equal(sentField(lastSent("/canReassignItems"), "items"), `${a},${b}`);
    assert.deepEqual(r, { results: [{ itemId: a, success: true }, { itemId: b, success: true }] });
  });

  it("part 7: canReassignItems to a target without the privileges is ArcGISRequestError CONT_0291 with item descriptors", async () => {
    const a = await newItem("dev_user", { title: "Reassign to viewer" });
    const err = await rejection(request(`${emu.sharingUrl}/content/users/dev_user/canReassignItems`, { ...as(emu, "dev_admin"), params: { items: [a], targetUsername: "dev_viewer" } }));
    assert.ok(err instanceof ArcGISRequestError, String(err));
    assert.equal(err.code, "CONT_0291");
    assert.equal(envelope(err).code, 403);
    const [detail] = envelope(err).details as Array<Record<string, unknown>>;
    assert.deepEqual(Object.keys(detail).sort(), ["itemId", "owner", "reservedTypeKeywords", "type", "url"]);
    assert.equal(detail.itemId, a);
    assert.equal(detail.owner, "dev_user");
  });

  it("2.1: classification with a Date reviewDate (JSON-stringified by arcgis-rest-js) is accepted", async () => {
    const id = await newItem("dev_user", { title: "Classified", classification: { classification: "CONFIDENTIAL", banner: "CONFIDENTIAL", distribution: "INTERNAL", reviewDate: new Date(Date.UTC(2030, 0, 1)) } });
    assert.match(sentField(lastSent("/addItem"), "classification") ?? "", /"reviewDate":"2030-01-01T00:00:00.000Z"/);
    const item = await getItem(id, as(emu, "dev_user"));
    assert.equal((item as { classification?: { classification?: string } }).classification?.classification, "CONFIDENTIAL");
  });
});
