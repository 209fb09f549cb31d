// The Member property table (docs/fidelity.md#members: REST "User", "Update User", "Update User
// Role", "Update User License Type", "Disable Users"/"Enable Users"): an existing user of the
// organization, adopted by username; what the organization's administrators keep of it.
import { z } from "zod";
import { MEMBER_CATEGORIES, USERNAME } from "../../../spec/limits";
import { USER_TYPES } from "../../../spec/members";
import { text } from "../../rules/fields";
import { inputKeys, THUMBNAIL_FILE_OUTPUTS, type Table } from "../machinery/propertyTable";

const userTypes = Object.keys(USER_TYPES) as [string, ...string[]];

export const MEMBER_TABLE = {
  username: {
    role: "argument",
    output: true,
    required: true,
    rule: z.string().regex(USERNAME.pattern, "must be a username"),
    change: "replace",
    outputType: "Output<string>",
    doc: "The user, who must exist in the organization (users are invited or created by its identity setup): a " +
      "username that does not exist fails at preview. Another username is another Member.",
    outputDoc: "The username.",
  },
  role: {
    role: "argument",
    rule: text(64, 1),
    drift: "custom",
    doc: "`org_admin`, `org_publisher`, `org_user`, `org_viewer` (or Administrator, Publisher, User, Viewer), or a " +
      "`Role` resource's id. The user type must be able to hold it (a Viewer cannot be a Publisher): checked at " +
      "preview, as is a change that would leave the organization without an administrator. Unset: not managed.",
  },
  userType: {
    role: "argument",
    rule: z.enum(userTypes),
    type: "Input<string>",
    drift: "custom",
    doc: `The user type (license): ${userTypes.map((t) => `\`${t}\``).join(", ")}. Unset: not managed.`,
  },
  categories: {
    role: "argument",
    type: "Input<Input<string>[]>",
    rule: z.array(text(1024, 1)).max(MEMBER_CATEGORIES.maxPerMember),
    drift: "custom",
    doc: `Member category paths (\`/Department/Sales\`; at most ${MEMBER_CATEGORIES.maxPerMember}), each a node of ` +
      "the organization's member category tree: the MemberCategorySchema of the same deployment when there is " +
      "one, else the tree the portal holds. A path not in the tree fails at preview, naming the closest. " +
      "Order does not matter. Unset: not managed.",
  },
  fullName: {
    role: "argument",
    rule: text(128, 1),
    drift: "custom",
    doc: "The full name. Unset: not managed.",
  },
  description: {
    role: "argument",
    rule: text(64_000),
    drift: "custom",
    doc: "The profile's description.",
  },
  tags: {
    role: "argument",
    type: "Input<string | Input<string>[]>",
    rule: z.array(text(128, 1)),
    list: true,
    drift: "custom",
    doc: "A list, or comma-delimited text.",
  },
  culture: {
    role: "argument",
    rule: text(10, 2),
    drift: "custom",
    doc: "The language (`en`, `fr`, `pt-br`…).",
  },
  region: {
    role: "argument",
    rule: text(10, 2),
    drift: "custom",
    doc: "The region (`US`, `FR`…).",
  },
  units: {
    role: "argument",
    rule: z.enum(["metric", "english"]),
    type: 'Input<"metric" | "english">',
    drift: "custom",
    doc: "The units the user sees.",
  },
  thumbnailFile: {
    role: "argument",
    rule: text(4096, 1),
    whenSet: true,
    file: { size: "thumbnailSize", sha256: "thumbnailSha256" },
    doc: "A local PNG, GIF or JPEG of at most 1 MB (relative paths are relative to the project directory); a " +
      "changed file is a diff. Adopting sends it only when the user has no thumbnail.",
  },
  ...THUMBNAIL_FILE_OUTPUTS,
  disabled: {
    role: "argument",
    rule: z.boolean(),
    drift: "custom",
    doc: "The user cannot sign in. Unset: not managed.",
  },
  resetOnDelete: {
    role: "argument",
    rule: z.boolean(),
    change: "ignore",
    doc: "Destroying the Member clears the categories it set and gives the user the User role (Viewer for a Viewer " +
      "user type). Default false: destroying it leaves the user as it is.",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table;

export const MEMBER_INPUT_KEYS = inputKeys(MEMBER_TABLE);
