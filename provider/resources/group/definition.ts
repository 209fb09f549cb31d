// The Group resource: a portal group, its title, access and settings (docs/resources/group.md).
import { defineResource, type ItemFacts, type StateProps } from "../machinery/definition";
import { counted, quoted } from "../machinery/deleteLines";
import { group as provider } from "./provider";
import { GROUP_TABLE } from "./table";

function deleteLines(o: StateProps, items: ItemFacts[]): string[] {
  const lines = [`- delete group ${quoted(o.title)} (${o.groupId ?? "?"})`];
  const id = o.groupId;
  const shared = typeof id === "string" ? items.filter((i) => i.groups.includes(id)) : [];
  const { n, names } = counted(o.sharedItemCount, shared);
  if (n > 0) {
    const them = n === 1 ? "it" : "them";
    const are = `${n} item${n === 1 ? " is" : "s are"}`;
    lines.push(`! ${are} shared with it${names}: the portal unshares ${them} from the group`);
  }
  if (o.protected === true) lines.push("! it is protected: the portal refuses the delete until it is unprotected");
  return lines;
}

export const group = defineResource({
  kind: "group",
  name: "Group",
  table: GROUP_TABLE,
  provider,
  deleteLines,
  privilege: { privilege: "portal:user:createGroup", doing: "create groups" },
  docsPage: "group.md",
});
