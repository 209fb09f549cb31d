// Folders (docs/dev/fidelity.md#folders; REST create-folder, update-folder, delete-folder,
// user-content): each user's folders, by id; a title is unique per user (case-insensitive).
import { randomBytes } from "node:crypto";
import { FOLDER } from "../../spec/limits";
import { badRequest } from "../errors";

export interface Folder {
  id: string;
  title: string;
  username: string;
  created: number;
}

export function checkFolderTitle(raw: string | undefined): string {
  const title = (raw ?? "").trim();
  if (title === "") throw badRequest("'title' is required: the folder's title.");
  if (title.length > FOLDER.maxTitleLength) throw badRequest(`'title' has ${title.length} characters; at most ${FOLDER.maxTitleLength}.`);
  if (FOLDER.forbiddenCharacters.some((c) => title.includes(c))) throw badRequest(`'title' must not contain ${FOLDER.forbiddenCharacters.map((c) => JSON.stringify(c)).join(" or ")}.`);
  return title;
}

export class Folders {
  private readonly byId = new Map<string, Folder>();

  of(username: string): Folder[] {
    return [...this.byId.values()].filter((f) => f.username === username).sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  }

  get(username: string, id: string): Folder | undefined {
    const f = this.byId.get(id);
    return f && f.username === username ? f : undefined;
  }

  /** The folder of `username` with this title (case-insensitive), if any. */
  titled(username: string, title: string): Folder | undefined {
    return this.of(username).find((f) => f.title.toLowerCase() === title.toLowerCase());
  }

  /** REST create-folder: a title the user already has is refused (no public messageCode known: none sent). */
  create(username: string, rawTitle: string | undefined, id?: string): Folder {
    const title = checkFolderTitle(rawTitle);
    if (this.titled(username, title)) throw badRequest(`Folder ${JSON.stringify(title)} already exists for ${username}; folder titles are unique per user.`);
    const folder = { id: id ?? randomBytes(16).toString("hex"), title, username, created: Date.now() };
    this.byId.set(folder.id, folder);
    return folder;
  }

  rename(folder: Folder, rawTitle: string | undefined): Folder {
    const title = checkFolderTitle(rawTitle);
    const other = this.titled(folder.username, title);
    if (other && other.id !== folder.id) throw badRequest(`Folder ${JSON.stringify(title)} already exists for ${folder.username}; folder titles are unique per user.`);
    folder.title = title;
    return folder;
  }

  remove(id: string): void {
    this.byId.delete(id);
  }
}

/** The public shape of a folder in answers. */
export const folderView = (f: Folder) => ({ username: f.username, id: f.id, title: f.title, created: f.created });
