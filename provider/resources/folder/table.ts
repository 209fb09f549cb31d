// The Folder property table (docs/fidelity.md#folders: REST create-folder, update-folder,
// delete-folder, user-content). A folder belongs to one user; a new title is a rename (same id).
import { z } from "zod";
import { FOLDER, USERNAME } from "../../../spec/limits";
import { text } from "../../rules/fields";
import { inputKeys, type Table } from "../machinery/propertyTable";

const forbidden = FOLDER.forbiddenCharacters.map((c) => JSON.stringify(c)).join(" or ");
const folderTitle = text(FOLDER.maxTitleLength, 1).refine(
  (s) => !FOLDER.forbiddenCharacters.some((c) => s.includes(c)),
  `must not contain ${forbidden} (folder paths and reassign's targetFolderName use "/")`,
);
const FOLDER_ID = /^[0-9a-fA-F]{32}$/;
const GIVE = "give a Folder resource's folderId";
/** A folder id; PortalItem's `folder` reads it too (a rule a table exports for another resource). */
export const folderIdRule = () =>
  z.string().regex(FOLDER_ID, `must be a folder id (exactly 32 hexadecimal digits), not a folder title: ${GIVE}`);

export const FOLDER_TABLE = {
  title: {
    role: "argument",
    output: true,
    required: true,
    rule: folderTitle,
    drift: "custom",
    outputType: "Output<string>",
    doc: `At most ${FOLDER.maxTitleLength} characters, no slash; unique among the owner's folders. A new title ` +
      `renames the folder: its id and its items stay.`,
    outputDoc: "The title, as the portal holds it.",
  },
  owner: {
    role: "argument",
    output: true,
    rule: z.string().regex(USERNAME.pattern, "must be a username"),
    change: "replace",
    whenSet: true,
    outputType: "Output<string>",
    doc: "The user whose folder it is. Default: the configured user. Another owner replaces the folder (folders do " +
      "not change hands; items do, with `PortalItem.owner`).",
    outputDoc: "The owner.",
  },
  adoptFolderId: {
    role: "argument",
    rule: folderIdRule(),
    change: "replace",
    doc: "The id of a folder that exists: create adopts it (renaming it only when the title differs). Refused at " +
      "preview when the owner has no such folder.",
  },
  folderId: {
    role: "output",
    outputType: "Output<string>",
    doc: "The folder id (also the resource id): give it to `PortalItem.folder`.",
  },
  itemCount: {
    role: "output",
    outputType: "Output<number>",
    doc: "How many items the folder held at the last up or refresh (0 after the up that creates it). A delete's plan " +
      "(`render-plan`) shows it, or the count of the preview's PortalItems in the folder when larger, naming them.",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table;

export const FOLDER_INPUT_KEYS = inputKeys(FOLDER_TABLE);
