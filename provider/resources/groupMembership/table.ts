// The GroupMembership property table: who is in a group, and as what (docs/fidelity.md#groups:
// group-users, add/remove users, update-user-membership). A separate resource from Group so that a
// team can own its membership file.
import { z } from "zod";
import { GROUP, USERNAME } from "../../../spec/limits";
import { inputKeys, type Table } from "../machinery/propertyTable";
import { groupIdRule } from "../group/table";

const username = z
  .string()
  .regex(USERNAME.pattern, "must be a username: 1 to 128 letters, digits, '.', '_', '@' or '-'");
// comma text is split into a list before the rule runs (machinery/tableResource.ts checkByTable)
const names = z.array(username).max(GROUP.maxMembers, `too many names; at most ${GROUP.maxMembers}`);

/** The facets of the two lists of names (`users`, `admins`): read back on refresh, compared as sets. */
const NAMES = {
  role: "argument",
  type: "Input<string | Input<string>[]>",
  output: true,
  outputType: "Output<string[]>",
  rule: names,
  list: true,
  drift: "custom",
} as const;

export const GROUP_MEMBERSHIP_TABLE = {
  groupId: {
    role: "argument",
    output: true,
    required: true,
    rule: groupIdRule(),
    change: "replace",
    outputType: "Output<string>",
    doc: "The group (a `Group`'s `groupId`, or the id of a group that exists). Another group replaces the resource.",
    outputDoc: "The group id.",
  },
  users: {
    ...NAMES,
    doc: "Usernames that are plain members. A list or comma-delimited text.",
  },
  admins: {
    ...NAMES,
    doc: "Usernames that are group administrators (they can add and remove members and, in a view-only group, share " +
      "with it). The group's owner is always one and need not be listed.",
  },
  owner: {
    role: "output",
    outputType: "Output<string>",
    doc: "The group's owner: always an administrator, never added or removed by this resource.",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table;

export const GROUP_MEMBERSHIP_INPUT_KEYS = inputKeys(GROUP_MEMBERSHIP_TABLE);
