// Uploaded source files (spec.md#gap-append-upload): one-shot uploads, and
// register → uploadPart → commit for large files; the committed parts are the file, in order (storedData.ts).
import * as fs from "node:fs";
import * as path from "node:path";
import { randomUUID } from "node:crypto";
import { badRequest, notFound } from "../errors";
import { storedDataOf, type StoredData } from "../storedData";

export interface Upload {
  itemID: string;
  itemName: string;
  description: string;
  date: number;
  committed: boolean;
  /** Where a one-shot upload's file goes (its parts go beside it). */
  filePath: string;
  /** The committed file: the one-shot file, or the parts in commit order (storedData.ts; never joined). */
  data?: StoredData;
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
    const kept = new Set(ids);
    for (const [id, p] of upload.parts) if (!kept.has(id)) fs.rmSync(p, { force: true });
    upload.data = await storedDataOf(ids.map((id) => upload.parts.get(id)!));
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
