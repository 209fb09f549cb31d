// The Group resource: a portal group, its title, access and settings (docs/resources/group.md).
import { defineResource, type ItemFacts, type StateProps } from "../machinery/definition";
import { countLine, quoted } from "../machinery/deleteLines";
import { group as provider } from "./provider";
import { GROUP_TABLE } from "./table";

function deleteLines(o: StateProps, items: ItemFacts[]): string[] {
  const id = o.groupId;
  const shared = typeof id === "string" ? items.filter((i) => i.groups.includes(id)) : [];
  const sharedLine = (n: number, names: string) => {
    const [are, them] = n === 1 ? [`${n} item is`, "it"] : [`${n} items are`, "them"];
    return `! ${are} shared with it${names}: the portal unshares ${them} from the group`;
  };
  const head = `- delete group ${quoted(o.title)} (${o.groupId ?? "?"})`;
  const lines = [head, ...countLine(o.sharedItemCount, shared, sharedLine)];
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
