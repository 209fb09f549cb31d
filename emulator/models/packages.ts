// spec.md#item-fields "Package item information": a .zip or package holding a <vendor>info folder has that
// folder extracted (streamed with yauzl, never whole in memory); iteminfo.xml is the item card.
import * as fs from "node:fs";
import * as path from "node:path";
import type * as yauzl from "yauzl";
import { XMLParser } from "fast-xml-parser";
import { openStoredZip, readStoredData, type StoredData } from "../storedData";
import { badRequest } from "../errors";
import { eachZipEntry, writeEntry, ZipReadError } from "../zipEntries";

export interface ItemCard {
  title?: string;
  snippet?: string;
  description?: string;
  tags?: string[];
  culture?: string;
  licenseInfo?: string;
  /** Path relative to the info folder. */
  thumbnail?: string;
  documentation?: string;
}

async function isZip(data: StoredData): Promise<boolean> {
  const head: Buffer[] = [];
  for await (const chunk of readStoredData(data, { start: 0, end: 4 })) head.push(chunk as Buffer);
  const bytes = Buffer.concat(head);
  return bytes.length === 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/** Extracts `<vendor>info/**` into infoDir and reads its item card; undefined when there is none. */
export async function extractVendorInfo(data: StoredData, infoDir: string, vendor: string): Promise<ItemCard | undefined> {
  if (!(await isZip(data))) return undefined;
  let zip: yauzl.ZipFile;
  try {
    zip = await openStoredZip(data, false);
  } catch {
    return undefined; // not a readable zip: stored as a plain file
  }
  const prefix = `${vendor}info/`;
  const root = path.resolve(infoDir);
  let found = false;
  try {
    await eachZipEntry(zip, async (entry) => {
      // names decoded here (decodeStrings: false), so a name yauzl would reject (`../`, an absolute
      // path) is skipped like any other that leaves the info folder, instead of failing the upload
      const raw = entry.fileName as unknown as Buffer | string;
      const name = (typeof raw === "string" ? raw : raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? "utf8" : "latin1")).replace(/\\/g, "/");
      const rel = name.toLowerCase().startsWith(prefix) ? name.slice(prefix.length) : undefined;
      const target = rel ? path.resolve(root, rel) : undefined;
      // a path that climbs out of the info folder is skipped (zip slip), and so is a name that cannot be a file there
      if (!rel || !target || !target.startsWith(root + path.sep) || name.endsWith("/")) return;
      if ((await writeEntry(zip, entry, target)) === "written") found = true;
    });
  } catch (e) {
    // a zip that breaks while it is read (a lying directory, header or entry): stored as a plain
    // file, like one that does not open; anything else (the disk) is the request's error
    if (e instanceof ZipReadError) return undefined;
    throw e;
  }
  if (!found) return undefined;
  return readItemCard(path.join(infoDir, "iteminfo.xml"), vendor);
}

function text(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "object") return text((v as Record<string, unknown>)["#text"]);
  return String(v);
}

/** The card's root is <vendor>_ItemInformation; thumbnail and documentation are relative paths. */
export function readItemCard(file: string, vendor: string): ItemCard {
  // no card, or an archive that made the card's name a folder
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return {};
  const source = fs.readFileSync(file, "utf8");
  // issue 30: a DOCTYPE (entities, external or not) is refused before the parser sees it
  if (/<!DOCTYPE/i.test(source)) throw badRequest(`The package's ${vendor}info/iteminfo.xml has a DOCTYPE; item cards with a DOCTYPE or entities are refused.`);
  let xml: Record<string, unknown>;
  try {
    xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, processEntities: false }).parse(source) as Record<string, unknown>;
  } catch {
    throw badRequest(`The package's ${vendor}info/iteminfo.xml is not well-formed XML.`);
  }
  const rootKey = Object.keys(xml).find((k) => k.toLowerCase() === `${vendor}_iteminformation`);
  if (!rootKey) return {};
  const root = xml[rootKey] as Record<string, unknown>;
  const field = (name: string) => text(Object.entries(root).find(([k]) => k.toLowerCase() === name)?.[1]);
  const tagsRaw = Object.entries(root).find(([k]) => k.toLowerCase() === "tags")?.[1];
  const tagList = tagsRaw && typeof tagsRaw === "object" ? ([] as unknown[]).concat((tagsRaw as Record<string, unknown>).tag ?? []).map((t) => String(text(t))) : text(tagsRaw)?.split(",").map((t) => t.trim());
  return {
    title: field("title"),
    snippet: field("snippet") ?? field("summary"),
    description: field("description"),
    tags: tagList?.filter((t) => t !== ""),
    culture: field("culture"),
    licenseInfo: field("licenseinfo"),
    thumbnail: field("thumbnail")?.replace(/\\/g, "/"),
    documentation: field("documentation")?.replace(/\\/g, "/"),
  };
}
