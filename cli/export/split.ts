// `export --split-by owner|folder` (issue 24 scope 3): the organization cut into Pulumi projects
// that preview and up independently. One project holds what is organization-wide (the category
// trees, the groups and their members: `org/`); one project per part holds items:
//   - by owner: every item of one owner, with all that owner's folders;
//   - by folder: the items of one folder of one owner, with that Folder; each owner's root items
//     are a part of their own, which also holds the owner's folders that have no item.
// Deterministic: parts are named from owners and folder titles (unique, "org" never), in one fixed order.
import { uniqueNames } from "./names";
import type { ExportedItem, OrgSnapshot } from "./read";
import type { ExportedFolder } from "./readGroups";

export const SPLIT_BY = ["none", "owner", "folder"] as const;
export type SplitBy = (typeof SPLIT_BY)[number];

/** The directory of the organization-wide project (and the one name a part never takes). */
export const ORG_DIR = "org";

/**
 * The longest part slug: the project name `<export project>-<slug>` stays within Pulumi's 100
 * characters (an export project name is at most 7 + 48, a repeat adds "-NN").
 */
export const MAX_PART_SLUG = 40;

export interface Part {
  /** Its directory under parts/ and the end of its project name: unique, from the owner (and folder title). */
  slug: string;
  owner: string;
  /** By folder: the folder whose items the part holds; undefined for an owner's root items (and for a part by owner). */
  folder?: { id: string; title: string };
  items: ExportedItem[];
  /** The Folder resources the part declares. */
  folders: ExportedFolder[];
}

export interface Split {
  by: Exclude<SplitBy, "none">;
  /** In the order of their slugs. */
  parts: Part[];
  /** The part holding each item, by item id. */
  partOf: Map<string, Part>;
}

const folderIdOf = (e: ExportedItem): string | undefined => (typeof e.item.ownerFolder === "string" && e.item.ownerFolder !== "" ? e.item.ownerFolder : undefined);

/** Cuts the snapshot's items and folders into parts. */
export function partition(snapshot: Pick<OrgSnapshot, "items" | "folders">, by: Split["by"]): Split {
  const folders = snapshot.folders ?? [];
  const folderById = new Map(folders.map((f) => [f.id, f]));
  // a part's key: the owner, or owner + folder id ("" for the root)
  const keyOf = (owner: string, folderId: string | undefined) => (by === "owner" ? `owner ${owner}` : `folder ${owner} ${folderId ?? ""}`);
  const drafts = new Map<string, Omit<Part, "slug">>();
  const draft = (owner: string, folderId: string | undefined) => {
    const key = keyOf(owner, folderId);
    let d = drafts.get(key);
    if (!d) {
      // a folder not read (--no-groups) is known by its id alone
      const folder = by === "folder" && folderId !== undefined ? { id: folderId, title: folderById.get(folderId)?.title ?? folderId } : undefined;
      d = { owner, folder, items: [], folders: [] };
      drafts.set(key, d);
    }
    return d;
  };
  for (const e of snapshot.items) draft(e.item.owner, folderIdOf(e)).items.push(e);
  for (const f of folders) {
    // by folder, a folder lives with its items, an empty one in its owner's root part
    const own = by === "folder" ? drafts.get(keyOf(f.owner, f.id)) : undefined;
    (own ?? draft(f.owner, undefined)).folders.push(f);
  }
  const keys = [...drafts.keys()];
  const titles = keys.map((key) => {
    const d = drafts.get(key)!;
    return { id: key, title: d.folder ? `${d.owner} ${d.folder.title}` : d.owner };
  });
  const slugs = uniqueNames(titles, { empty: "part", max: MAX_PART_SLUG, reserved: [ORG_DIR] });
  const parts = keys.map((key) => ({ slug: slugs.get(key)!, ...drafts.get(key)! })).sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const partOf = new Map<string, Part>();
  for (const p of parts) for (const e of p.items) partOf.set(e.item.id, p);
  return { by, parts, partOf };
}

/** A part in words: "the items of dev_admin", "the items of dev_admin's folder "Drafts"", "the root items of dev_admin". */
export function partDescription(part: Part, by: Split["by"]): string {
  if (by === "owner") return `the items and folders of ${part.owner}`;
  if (part.folder) return `the items of ${part.owner}'s folder ${JSON.stringify(part.folder.title)}`;
  return `the items of ${part.owner} outside folders${part.folders.length > 0 ? ", and the folders that hold none" : ""}`;
}

/** A split project's Pulumi project name: `<export project>-org`, `<export project>-<part slug>`. */
export function splitProjectName(exportProject: string, dirSlug: string): string {
  return `${exportProject}-${dirSlug}`;
}

/** Whether Pulumi takes a project name: letters, digits, "-", "_" and ".", at most 100 characters. */
export function validProjectName(name: string): boolean {
  return /^[A-Za-z0-9_.-]{1,100}$/.test(name);
}
