// The Folder resource: a user's content folder (docs/resources/folder.md).
import { defineResource, type ItemFacts, type StateProps } from "../machinery/definition";
import { countLine, plural, quoted } from "../machinery/deleteLines";
import { folder as provider } from "./provider";
import { FOLDER_TABLE } from "./table";

function deleteLines(o: StateProps, items: ItemFacts[]): string[] {
  const id = o.folderId;
  const held = typeof id === "string" ? items.filter((i) => i.folder === id) : [];
  const root = `${o.owner ?? "the owner"}'s root folder`;
  return [
    `- delete folder ${quoted(o.title)} of ${o.owner ?? "?"} (${o.folderId ?? "?"})`,
    ...countLine(o.itemCount, held, (n, names) => {
      return `! it held ${n} item${plural(n)}${names}: any still in it move to ${root} first (none is deleted)`;
    }),
  ];
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
