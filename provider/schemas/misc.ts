// Inputs of the smaller operations: setContentStatus (seed 2.2, 4.5), canReassignItems (seed 4.8)
// and generateUrlReport (seed 4.7).
import { z } from "zod";
import { CONTENT_STATUSES, URL_REPORT_TYPES } from "../limits";
import { itemId, nonEmpty } from "./fields";

/** Seed 2.2: a status, or "" for none (sent with clearEmptyFields=true). */
export const contentStatus = z.enum([...CONTENT_STATUSES, ""]);

/** Seed 4.5 setContentStatus input. */
export const setContentStatusInput = z.object({
  itemId: itemId(),
  status: contentStatus,
  clearEmptyFields: z.boolean().optional(),
});

/** Seed 4.8: the function sends batches of 100, so any number of ids passes; each must be an id. */
export const canReassignItemsInput = z.object({
  owner: nonEmpty().optional(),
  itemIds: z.array(itemId()).min(1, { message: "empty; at least one item id" }),
  targetUsername: nonEmpty(),
});

/** Seed 4.7 generateUrlReport input: urlType; serverId required with federatedServerUrl. */
export const generateUrlReportInput = z
  .object({
    urlType: z.enum(URL_REPORT_TYPES),
    serverId: nonEmpty().optional(),
    async: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.urlType === "federatedServerUrl" && v.serverId === undefined) {
      ctx.addIssue({ code: "custom", path: ["serverId"], message: "required when urlType is federatedServerUrl (seed 4.7)" });
    }
  });

export type SetContentStatusInput = z.input<typeof setContentStatusInput>;
export type CanReassignItemsInput = z.input<typeof canReassignItemsInput>;
export type GenerateUrlReportInput = z.input<typeof generateUrlReportInput>;
