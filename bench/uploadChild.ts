// The uploader child of the upload benches (upload.bench.ts, network.bench.ts): one phase per process
// (raw streamed POST, arcgis-rest-js sequential 5 MiB parts, or the provider's createPortalItem after
// two checks, as an `up` does), run as `node -e UPLOADER_CHILD <phase> <file> <sharingUrl> <token>`; it
// prints {seconds, uploadSeconds, itemId, rssMb, cpuSeconds, hashedBytes, connections (the provider's parts
// in flight at most; 1 for one request), meanInFlight (on average over the parts' time), partsLevel (its parts in flight at the end)} as JSON. As dev_publisher.
import * as path from "node:path";
import { ROOT } from "./emulatorProcess";

export const UPLOADER_CHILD = `
const { PortalClient } = require(${JSON.stringify(path.join(ROOT, "dist/provider/rest/client.js"))});
const { createPortalItem } = require(${JSON.stringify(path.join(ROOT, "dist/provider/resources/portalItem/create.js"))});
const { fileFacts } = require(${JSON.stringify(path.join(ROOT, "dist/provider/resources/machinery/localFile.js"))});
const { hashStats } = require(${JSON.stringify(path.join(ROOT, "dist/provider/fileHash.js"))});
const { partsStats } = require(${JSON.stringify(path.join(ROOT, "dist/provider/resources/portalItem/parts.js"))});
const fs = require("node:fs"), http = require("node:http"), path = require("node:path");
const [phase, file, sharingUrl, token] = process.argv.slice(1);
const user = "dev_publisher";
async function raw() {
  const b = "----bench" + Date.now();
  const head = Buffer.from("--" + b + '\\r\\nContent-Disposition: form-data; name="f"\\r\\n\\r\\njson\\r\\n--' + b + '\\r\\nContent-Disposition: form-data; name="token"\\r\\n\\r\\n' + token + '\\r\\n--' + b + '\\r\\nContent-Disposition: form-data; name="title"\\r\\n\\r\\nraw\\r\\n--' + b + '\\r\\nContent-Disposition: form-data; name="type"\\r\\n\\r\\nCSV\\r\\n--' + b + '\\r\\nContent-Disposition: form-data; name="file"; filename="' + path.basename(file) + '"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n');
  const tail = Buffer.from("\\r\\n--" + b + "--\\r\\n");
  const size = fs.statSync(file).size;
  const url = new URL(sharingUrl + "/content/users/" + user + "/addItem");
  return new Promise((ok, fail) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=" + b, "content-length": head.length + size + tail.length } }, (res) => {
      let s = ""; res.on("data", (d) => (s += d)); res.on("end", () => { const j = JSON.parse(s); j.success ? ok(j.id) : fail(new Error(s)); });
    });
    req.on("error", fail);
    req.write(head);
    const rs = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    rs.pipe(req, { end: false });
    rs.on("end", () => req.end(tail));
  });
}
async function restJs() {
  const { addItemPart, commitItemUpload, getItemStatus } = require("@esri/arcgis-rest-portal");
  const start = await (await fetch(sharingUrl + "/content/users/" + user + "/addItem", { method: "POST", body: new URLSearchParams({ f: "json", token, multipart: "true", filename: path.basename(file) }) })).json();
  const id = start.id;
  const blob = await fs.openAsBlob(file);
  const part = 5 * 1024 * 1024;
  const common = { id, owner: user, portal: sharingUrl, params: { token } };
  for (let n = 1, at = 0; at < blob.size; n++, at += part) {
    await addItemPart({ ...common, partNum: n, file: blob.slice(at, Math.min(blob.size, at + part)), params: { token } });
  }
  await commitItemUpload({ ...common, item: { title: "rest-js", type: "CSV" } });
  for (;;) {
    const s = await getItemStatus({ ...common });
    if (s.status === "completed") return id;
    if (s.status === "failed") throw new Error(JSON.stringify(s));
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function provider() {
  const client = new PortalClient({ sharingUrl, auth: { token } });
  try {
    // an \`up\`: check in the preview's provider process, check again in the update's, then create
    const keys = { size: "fileSize", sha256: "fileSha256" };
    const facts = await fileFacts(file, "file", keys);
    await fileFacts(file, "file", keys);
    t1 = process.hrtime.bigint();
    const r = await createPortalItem(client, { title: phase, type: "CSV", file, fileSize: facts.fileSize, fileSha256: facts.fileSha256, owner: user });
    return r.itemId;
  } finally { await client.close(); }
}
let t1;
(async () => {
  const t0 = process.hrtime.bigint();
  const itemId = phase === "raw" ? await raw() : phase === "rest-js" ? await restJs() : await provider();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const uploadSeconds = Number(process.hrtime.bigint() - (t1 ?? t0)) / 1e9;
  process.stdout.write(JSON.stringify({ seconds, uploadSeconds, itemId, rssMb: Math.round(process.resourceUsage().maxRSS / 1024), cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6, hashedBytes: hashStats.bytesRead, connections: phase === "provider" ? Math.max(1, partsStats.maxInFlight) : 1, meanInFlight: phase === "provider" && partsStats.maxInFlight > 0 ? partsStats.meanInFlight : 1, partsLevel: partsStats.level }));
})().catch((e) => { console.error(e); process.exit(1); });
`;
