// Inputs of the smaller operations: setContentStatus (spec.md#item-status, spec.md#set-content-status), canReassignItems (spec.md#can-reassign-items)
// and generateUrlReport (spec.md#generate-url-report).
import { z } from "zod";
import { CONTENT_STATUSES, URL_REPORT_TYPES } from "../../spec/limits";
import { itemId, nonEmpty } from "./fields";

/** spec.md#item-status: a status, or "" for none (sent with clearEmptyFields=true). */
export const contentStatus = z.enum([...CONTENT_STATUSES, ""]);

/** spec.md#set-content-status setContentStatus input. */
export const setContentStatusInput = z.object({
  itemId: itemId(),
  status: contentStatus,
  clearEmptyFields: z.boolean().optional(),
});

/** spec.md#can-reassign-items: the function sends batches of 100, so any number of ids passes; each must be an id. */
export const canReassignItemsInput = z.object({
  owner: nonEmpty().optional(),
  itemIds: z.array(itemId()).min(1, { message: "empty; at least one item id" }),
  targetUsername: nonEmpty(),
});

/** spec.md#generate-url-report generateUrlReport input: urlType; serverId required with federatedServerUrl. */
export const generateUrlReportInput = z
  .object({
    urlType: z.enum(URL_REPORT_TYPES),
    serverId: nonEmpty().optional(),
    async: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.urlType === "federatedServerUrl" && v.serverId === undefined) {
      ctx.addIssue({ code: "custom", path: ["serverId"], message: "required when urlType is federatedServerUrl" });
    }
  });

export type SetContentStatusInput = z.input<typeof setContentStatusInput>;
export type CanReassignItemsInput = z.input<typeof canReassignItemsInput>;
export type GenerateUrlReportInput = z.input<typeof generateUrlReportInput>;
