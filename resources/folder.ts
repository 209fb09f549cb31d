// Folder: a user's content folder (docs/resources/folder.md). Items go in with `PortalItem.folder`;
// a new folder for an item is a move (same item id), never a new item.
import type * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { withOutputs } from "./tableOutputs";

export interface FolderArgs {
  /** At most 255 characters, no slash, unique among the owner's folders. A new title renames the folder (same id, same items). */
  title: pulumi.Input<string>;
  /** Whose folder it is; default the configured user. Another owner replaces the folder. */
  owner?: pulumi.Input<string>;
  /** Adopt a folder that exists (docs/adopting.md). */
  adoptFolderId?: pulumi.Input<string>;
}

/** A content folder. Destroying it moves any item still in it to the owner's root folder first: no item is deleted. */
export class Folder extends withOutputs(tables.FOLDER_TABLE) {
  constructor(name: string, args: FolderArgs, opts?: pulumi.CustomResourceOptions) {
    super("folder", name, propsOf(tables.FOLDER_TABLE, args), opts, { hidden: ["folderId"] });
  }
}
