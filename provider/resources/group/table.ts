// The Group property table (docs/fidelity.md#groups; REST "Group parameters"): one row per
// property. Check, diff, the requests, the read-back and the docs tables come from the rows
// (machinery/propertyTable.ts, machinery/tableResource.ts).
import { z } from "zod";
import { GROUP, ITEM } from "../../../spec/limits";
import { bytesUnder, text } from "../../rules/fields";
import { inputKeys, outputKeys, THUMBNAIL_FILE_OUTPUTS, type Table } from "../machinery/propertyTable";

const GROUP_ID = /^[0-9a-fA-F]{32}$/;
export const groupIdRule = () => z.string().regex(GROUP_ID, "must be a group id: exactly 32 hexadecimal digits");
// comma text is split into a list before the rule runs (machinery/tableResource.ts checkByTable)
const tags = z.array(text(GROUP.maxTagLength, 1));

export const GROUP_TABLE = {
  title: {
    role: "argument",
    output: true,
    outputType: "Output<string>",
    required: true,
    rule: text(GROUP.maxTitleLength, 1),
    wire: "title",
    drift: "held",
    read: "title",
    doc: `At most ${GROUP.maxTitleLength} characters; unique among the owner's groups. A new title is a rename: the ` +
      `group keeps its id.`,
  },
  access: {
    role: "argument",
    output: true,
    outputType: "Output<string>",
    required: true,
    rule: z.enum(GROUP.accessValues),
    wire: "access",
    drift: "held",
    read: "access",
    type: 'Input<"private" | "org" | "public">',
    doc: "Who can find the group: its members (`private`), the organization (`org`) or everyone (`public`).",
  },
  description: {
    role: "argument",
    rule: bytesUnder(GROUP.maxDescriptionBytesExclusive),
    wire: "description",
    drift: "held",
    read: "description",
    doc: "Less than 64 KB (UTF-8 bytes).",
  },
  snippet: {
    role: "argument",
    rule: text(GROUP.maxSnippetLength),
    wire: "snippet",
    drift: "held",
    read: "snippet",
    doc: `The summary; at most ${GROUP.maxSnippetLength} characters.`,
  },
  tags: {
    role: "argument",
    type: "Input<string | Input<string>[]>",
    rule: tags,
    wire: "tags",
    list: true,
    drift: "held",
    read: "tags",
    doc: "A list, or comma-delimited text.",
  },
  isInvitationOnly: {
    role: "argument",
    rule: z.boolean(),
    wire: "isInvitationOnly",
    drift: "held",
    read: "isInvitationOnly",
    whenSet: true,
    doc: "Users cannot ask to join; members are added by its administrators. Unset: the portal's default (false).",
  },
  isViewOnly: {
    role: "argument",
    rule: z.boolean(),
    wire: "isViewOnly",
    drift: "held",
    read: "isViewOnly",
    whenSet: true,
    doc: "Only the group's owner and administrators can share items with it. Unset: false.",
  },
  sortField: {
    role: "argument",
    rule: z.enum(GROUP.sortFields),
    wire: "sortField",
    drift: "held",
    read: "sortField",
    whenSet: true,
    doc: `How the group's content is sorted: ${GROUP.sortFields.map((s) => `\`${s}\``).join(", ")}.`,
  },
  sortOrder: {
    role: "argument",
    rule: z.enum(GROUP.sortOrders),
    wire: "sortOrder",
    drift: "held",
    read: "sortOrder",
    whenSet: true,
    type: 'Input<"asc" | "desc">',
    doc: "`asc` or `desc`.",
  },
  sharedUpdate: {
    role: "argument",
    rule: z.boolean(),
    change: "replace",
    whenSet: true,
    drift: "custom",
    doc: "A shared-update group (`capabilities=updateitemcontrol`): its members can update the items shared with it. " +
      "The portal sets it at create only, so a change **replaces** the group (a new id; items shared with it are " +
      "shared with the new one on the same up). Needs an administrator's privilege.",
  },
  protected: {
    role: "argument",
    output: true,
    rule: z.boolean(),
    whenSet: true,
    outputType: "Output<boolean>",
    doc: "Delete protection (`protect` / `unprotect`). Unset: not managed.",
    outputDoc: "Whether the portal refuses to delete the group.",
  },
  thumbnailFile: {
    role: "argument",
    rule: text(4096, 1),
    whenSet: true,
    file: { size: "thumbnailSize", sha256: "thumbnailSha256" },
    doc: `A local PNG, GIF or JPEG of at most ${ITEM.maxThumbnailFileBytes / 1024 / 1024} MB (relative paths are ` +
      `relative to the project directory); a changed file is a diff.`,
  },
  ...THUMBNAIL_FILE_OUTPUTS,
  adoptGroupId: {
    role: "argument",
    rule: groupIdRule(),
    change: "replace",
    doc: "The id of a group that exists: create adopts it, writing only the fields that differ (docs/adopting.md). " +
      "Refused at preview when the group does not exist.",
  },
  groupId: {
    role: "output",
    outputType: "Output<string>",
    doc: "The group id (also the resource id): give it to `PortalItem.sharing.groups` and `GroupMembership.groupId`.",
  },
  owner: {
    role: "output",
    read: "owner",
    outputType: "Output<string>",
    doc: "The group's owner (the configured user at create; always one of its administrators).",
  },
  created: {
    role: "output",
    read: "created",
    outputType: "Output<number>",
    doc: "Epoch milliseconds.",
  },
  modified: {
    role: "output",
    read: "modified",
    outputType: "Output<number>",
    doc: "Epoch milliseconds.",
  },
  sharedItemCount: {
    role: "output",
    outputType: "Output<number>",
    doc: "How many items are shared with the group as of the last up or refresh (0 after the up that creates it: its " +
      "items come after). A delete's plan (`render-plan`) shows it, or the count of the preview's PortalItems shared " +
      "with the group when larger, naming them.",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table;

export const GROUP_INPUT_KEYS = inputKeys(GROUP_TABLE);
export const GROUP_OUTPUT_KEYS = outputKeys(GROUP_TABLE);
/** Arguments sent with createGroup and update, under their wire names. */
export const GROUP_WIRE = Object.fromEntries(
  Object.entries(GROUP_TABLE).flatMap(([k, p]) => ("wire" in p ? [[k, p.wire]] : [])),
) as Record<string, string>;
/** Argument → field of the read group, compared on refresh. */
export const GROUP_DRIFT = Object.fromEntries(
  Object.entries(GROUP_TABLE).flatMap(([k, p]) => ("drift" in p && p.drift === "held" ? [[k, p.read]] : [])),
) as Record<string, string>;
