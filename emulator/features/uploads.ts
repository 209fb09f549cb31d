// Uploaded source files (spec.md#gap-append-upload): one-shot uploads, and
// register → uploadPart → commit for large files; parts are joined on disk by streaming.
import * as fs from "node:fs";
import * as path from "node:path";
import { randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { badRequest, notFound } from "../errors";

export interface Upload {
  itemID: string;
  itemName: string;
  description: string;
  date: number;
  committed: boolean;
  /** Where the (committed) file is. */
  filePath: string;
  /** Who uploaded it and to which service: only they may append it. */
  owner: string;
  service: string;
  parts: Map<string, string>;
}

export class Uploads {
  private readonly uploads = new Map<string, Upload>();

  constructor(private readonly dataDir: string) {}

  create(itemName: string, description: string, owner: string, service: string): Upload {
    const itemID = randomUUID().replace(/-/g, "");
    const dir = path.join(this.dataDir, "feature-uploads", itemID);
    fs.mkdirSync(dir, { recursive: true });
    const safeName = path.basename(itemName || "upload") || "upload";
    const upload: Upload = { itemID, itemName: safeName, description, date: Date.now(), committed: false, filePath: path.join(dir, safeName), owner, service: service.toLowerCase(), parts: new Map() };
    this.uploads.set(itemID, upload);
    return upload;
  }

  get(id: string): Upload | undefined {
    return this.uploads.get(id);
  }

  require(id: string, owner: string): Upload {
    const u = this.uploads.get(id);
    if (!u || u.owner !== owner) throw notFound(`Upload ${id} does not exist or is inaccessible.`);
    return u;
  }

  partPath(upload: Upload, partId: string): string {
    if (!/^\d{1,5}$/.test(partId)) throw badRequest(`partId '${partId}' must be a number`);
    return path.join(path.dirname(upload.filePath), `part-${partId}`);
  }

  /** Joins the parts in the order given (or by part number) into the upload's file. */
  async commit(upload: Upload, order: string[] | undefined): Promise<void> {
    if (upload.committed) throw badRequest(`Upload ${upload.itemID} is already committed.`);
    const ids = order && order.length > 0 ? order : [...upload.parts.keys()].sort((a, b) => Number(a) - Number(b));
    if (ids.length === 0) throw badRequest(`Upload ${upload.itemID} has no parts.`);
    const missing = ids.find((id) => !upload.parts.has(id));
    if (missing) throw badRequest(`Part ${missing} of upload ${upload.itemID} was not uploaded.`);
    const out = fs.createWriteStream(upload.filePath);
    for (const id of ids) await pipeline(fs.createReadStream(upload.parts.get(id)!), out, { end: false });
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    for (const p of upload.parts.values()) fs.rmSync(p, { force: true });
    upload.parts.clear();
    upload.committed = true;
  }

  clear(): void {
    for (const u of this.uploads.values()) fs.rmSync(path.dirname(u.filePath), { recursive: true, force: true });
    this.uploads.clear();
  }
}

/** The JSON the upload operations answer with. */
export function uploadItemJson(u: Upload) {
  return { itemID: u.itemID, itemName: u.itemName, description: u.description, date: u.date, committed: u.committed };
}
