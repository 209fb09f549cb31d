// The Role property table (docs/fidelity.md#members: REST "Create Role", "Update Role", "Set
// Privileges"): a custom role's name, description and privileges (the public privilege names).
import { z } from "zod";
import { closest, PRIVILEGE_NAMES } from "../../../spec/members";
import { text } from "../../rules/fields";
import { inputKeys, type Table } from "../machinery/propertyTable";

const KNOWN = new Set(PRIVILEGE_NAMES);
const privilege = z.string().superRefine((p, ctx) => {
  if (KNOWN.has(p)) return;
  const near = closest(p, PRIVILEGE_NAMES);
  ctx.addIssue({ code: "custom", message: `unknown privilege "${p}"; the closest known one is "${near}"` });
});

export const ROLE_TABLE = {
  name: {
    role: "argument",
    output: true,
    required: true,
    rule: text(128, 1),
    drift: "custom",
    outputType: "Output<string>",
    doc: "At most 128 characters; unique among the organization's roles (case ignored). A new name renames the role.",
    outputDoc: "The name, as the portal holds it.",
  },
  description: {
    role: "argument",
    rule: text(250),
    drift: "custom",
    doc: "At most 250 characters.",
  },
  privileges: {
    role: "argument",
    required: true,
    type: "Input<Input<string>[]>",
    rule: z.array(privilege).min(1, "must list at least one privilege"),
    drift: "custom",
    doc: "The public privilege names (`portal:user:createItem`, `features:user:edit`…); a name the portal does not " +
      "know fails at preview, naming the closest one. Order does not matter.",
  },
  adoptRoleId: {
    role: "argument",
    rule: text(64, 1),
    change: "replace",
    doc: "The id of a custom role that exists: create adopts it, writing only the name, description and privileges " +
      "that differ (none: no write). Refused at preview when the organization has no such role.",
  },
  roleId: {
    role: "output",
    outputType: "Output<string>",
    doc: "The role id (also the resource id): give it to `Member.role`.",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table;

export const ROLE_INPUT_KEYS = inputKeys(ROLE_TABLE);
