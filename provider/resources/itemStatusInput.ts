// ItemStatus inputs (seed 2.2, 4.5): an item id and one of the three statuses. "No status" is what
// deleting the resource leaves, so it is not a desired value here.
import { z } from "zod";
import { CONTENT_STATUSES } from "../limits";
import { itemId } from "../schemas/fields";

export const itemStatusInput = z.object({
  itemId: itemId(),
  status: z.enum(CONTENT_STATUSES),
});

export type ItemStatusInput = z.input<typeof itemStatusInput>;
