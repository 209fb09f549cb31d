// The plan lines of a PortalItem step (provider/resources/machinery/plan.ts): a create names the item and its
// source; an update names each changed field old → new, a secret as [secret], a file as its size and
// SHA-256, long text cut to its length; a replace says which field forces it.
import { fileLine, shown } from "../machinery/plan";
import { changedKeys, REPLACE_KEYS } from "./diff";
import { FILE_KEYS, SECRET_KEYS } from "./table";
import { sharingText } from "./sharing";
import { textCarriesSecret } from "./secretText";

import type { PortalItemProps as Props } from "./props";

const SECRET = new Set<string>(SECRET_KEYS);

/** A local file argument (file, metadata) as its path, size and SHA-256 (the table's file rows). */
function fileOf(p: Props, key = "file"): string {
  const k = FILE_KEYS[key];
  return p[key] === undefined ? "(none)" : fileLine(p[key], p[k.size], p[k.sha256]);
}

/** The computed size and hash rows of the file arguments: told with their file, not on lines of their own. */
const FILE_FACT_KEYS = new Map(Object.entries(FILE_KEYS).flatMap(([arg, k]) => [[k.size, arg], [k.sha256, arg]]));

function valueOf(key: string, p: Props): string {
  if (SECRET.has(key) || (key === "text" && textCarriesSecret(p[key]))) return p[key] === undefined ? "(none)" : "[secret]";
  if (FILE_KEYS[key] !== undefined) return fileOf(p, key);
  if (key === "sharing") return sharingText(p[key]);
  return shown(p[key]);
}

/** What the new item is made from, for a create line. */
function source(p: Props): string {
  if (p.file !== undefined) return ` from file ${fileOf(p)}`;
  if (p.url !== undefined) return ` at ${shown(p.url)}`;
  if (p.dataUrl !== undefined) return ` downloaded from ${shown(p.dataUrl)}`;
  if (p.text !== undefined) return ` with text ${textCarriesSecret(p.text) ? "[secret]" : shown(p.text)}`;
  return "";
}

function relationship(p: Props): string[] {
  const r = p.relationship;
  if (!r) return [];
  if (r.originItemId !== undefined) return [`+ relationship ${r.type}: origin ${shown(r.originItemId)} → this item`];
  return [`+ relationship ${r.type}: this item → destination ${shown(r.destinationItemId)}`];
}

/** The lines of one step, from the old inputs (empty for a create) and the checked new ones. */
export function planLines(olds: Props, news: Props): string[] {
  if (!olds || Object.keys(olds).length === 0) {
    const metadata = news.metadata !== undefined ? [`+ metadata ${fileOf(news, "metadata")}`] : [];
    return [`+ create ${news.type} ${shown(news.title)}${source(news)}`, ...metadata, ...relationship(news), ...(news.protected === true ? ["+ protected"] : [])];
  }
  // a file's size and hash are told with the file; a generated itemIdToCreate follows the replace
  const generated = news.generatedItemIdToCreate === true;
  const keys = changedKeys(olds, news);
  // owner and folder: a reassign or a move, told by portalItem/ownership.ts with folder titles
  const changed = keys.filter((k) => !FILE_FACT_KEYS.has(k) && !(k === "itemIdToCreate" && generated) && k !== "owner" && k !== "folder");
  for (const k of keys) if (FILE_FACT_KEYS.has(k) && !changed.includes(FILE_FACT_KEYS.get(k)!)) changed.push(FILE_FACT_KEYS.get(k)!);
  return changed.map((key) => {
    const replaces = (REPLACE_KEYS as readonly string[]).includes(key) ? " (replaces the item)" : "";
    return `~ ${key}: ${valueOf(key, olds)} → ${valueOf(key, news)}${replaces}`;
  });
}
