// ItemStatus property table and inputs (spec.md#item-status, spec.md#set-content-status): an item id
// and one of the three statuses.
// "No status" is what deleting the resource leaves, so it is not a desired value here. The check
// schema, the kept inputs, the replace list, the class's outputs and the docs tables derive from
// the rows (machinery/propertyTable.ts).
import { z } from "zod";
import { CONTENT_STATUSES } from "../../../spec/limits";
import { itemId } from "../../rules/fields";
import { argumentKeys, inputKeys, outputKeys, replaceKeys, type Table } from "../machinery/propertyTable";

export const ITEM_STATUS = {
  itemId: {
    role: "argument",
    output: true,
    required: true,
    rule: itemId(),
    change: "replace",
    outputType: "Output<string>",
    doc: "Exactly 32 letters or digits. A change replaces the resource (the new item gets the status, then the old " +
      "one is cleared).",
    outputDoc: "The item id; also the resource id.",
  },
  // spec.md#status-transitions
  status: {
    role: "argument",
    type: "Input<ContentStatusValue>",
    output: true,
    required: true,
    rule: z.enum(CONTENT_STATUSES),
    drift: "custom",
    outputType: 'Output<"org_authoritative" | "public_authoritative" | "deprecated">',
    doc: "`public_authoritative` needs a public, identity-verified organization. The portal's own move from " +
      "`org_authoritative` to `public_authoritative` (when the item is shared with everyone) is not drift.",
    outputDoc: 'The desired status as the portal holds it, or `""` after a refresh found the status cleared.',
  },
  adopt: {
    role: "argument",
    transient: true,
    type: "Input<boolean>",
    doc: "The item may hold a status already: the first preview says which, and whether anything changes.",
  },
  portalStatus: {
    role: "output",
    outputType: "Output<string>",
    doc: "The item's `contentStatus` exactly as the portal shows it (`\"\"` for none).",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version (1).",
  },
} as const satisfies Table;

/** Kept in the checked inputs (adopt is read by check only). */
export const ITEM_STATUS_INPUT_KEYS = inputKeys(ITEM_STATUS);
export const ITEM_STATUS_ARGUMENTS = argumentKeys(ITEM_STATUS);
export const ITEM_STATUS_OUTPUTS = outputKeys(ITEM_STATUS);
export const ITEM_STATUS_REPLACE_KEYS: readonly string[] = replaceKeys(ITEM_STATUS);

/** The check schema: the rules of the rows. */
export const itemStatusInput = z.object({ itemId: ITEM_STATUS.itemId.rule, status: ITEM_STATUS.status.rule });

export type ItemStatusInput = z.input<typeof itemStatusInput>;

/** What check hands on to diff, create and update: the checked arguments, the layout version, the URN. */
export type ItemStatusInputs = z.output<typeof itemStatusInput> & { schemaVersion?: number; __urn?: string };

/** An ItemStatus's state: its outputs (status "" after a refresh found the status cleared). */
export type ItemStatusState = { schemaVersion: number; itemId: string; status: string; portalStatus: string };
