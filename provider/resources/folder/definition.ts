// The Folder resource: a user's content folder (docs/resources/folder.md).
import { defineResource, type ItemFacts, type StateProps } from "../machinery/definition";
import { counted, quoted } from "../machinery/deleteLines";
import { folder as provider } from "./provider";
import { FOLDER_TABLE } from "./table";

function deleteLines(o: StateProps, items: ItemFacts[]): string[] {
  const lines = [`- delete folder ${quoted(o.title)} of ${o.owner ?? "?"} (${o.folderId ?? "?"})`];
  const id = o.folderId;
  const { n, names } = counted(o.itemCount, typeof id === "string" ? items.filter((i) => i.folder === id) : []);
  if (n > 0) {
    const where = `${o.owner ?? "the owner"}'s root folder`;
    const held = `${n} item${n === 1 ? "" : "s"}${names}`;
    lines.push(`! it held ${held}: any still in it move to ${where} first (none is deleted)`);
  }
  return lines;
}

export const folder = defineResource({
  kind: "folder",
  name: "Folder",
  table: FOLDER_TABLE,
  provider,
  deleteLines,
  docsPage: "folder.md",
  generatedClass: {
    doc:
      "A content folder. Destroying it moves any item still in it to the owner's root folder first: " +
      "no item is deleted.",
    hidden: ["folderId"],
  },
});
