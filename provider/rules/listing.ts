// spec.md#listing-properties listing properties (marketplace listing). docs/dev/spec.md lists the facts but not their names;
// the names are the public REST API's reading recorded in docs/resources/portal-item.md
// ("listingProperties"): licenseType, priceType (free | paid), priceDesc, creditsPerTransaction,
// trialSupported, trialDuration (days), ecommerceEnabled, licensingModel. Another key fails at
// preview with the closest of these (issue 29 scope 4: `licenceType` was sent as given and the
// listing kept no license type).
import { z } from "zod";
import { ALWAYS, onlyKeys } from "./keys";
import { isUnknown } from "./unknown";

/** The listing's keys (docs/resources/portal-item.md, "listingProperties: the names"). */
export const LISTING_KEYS = ["licenseType", "priceType", "priceDesc", "creditsPerTransaction", "trialSupported", "trialDuration", "ecommerceEnabled", "licensingModel"] as const;

/** A licensing model whose listings are paid per transaction (docs/dev/spec.md's "consumption-based"). */
export const CONSUMPTION_LICENSING_MODEL = "consumption";

const known = (v: unknown) => v !== undefined && !isUnknown(v);

export const listingProperties = z
  .looseObject({
    licenseType: z.string().min(1, "empty; a license type is required when given").optional(),
    priceType: z.enum(["free", "paid"], { message: 'must be "free" or "paid"' }).optional(),
    priceDesc: z.string().optional(),
    creditsPerTransaction: z.number().int("must be a whole number of credits").nonnegative("negative; at least 0 credits").optional(),
    trialSupported: z.boolean().optional(),
    trialDuration: z.number().int("must be a whole number of days").positive("must be at least 1 day").optional(),
    ecommerceEnabled: z.boolean().optional(),
    licensingModel: z.string().min(1, "empty; leave it unset for the portal's default").optional(),
  })
  .superRefine(onlyKeys(LISTING_KEYS), ALWAYS)
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    // spec.md#listing-properties: pricing details are not required for free listings, so a paid one needs them
    if (v.priceType === "paid" && known(v.priceDesc) === false) issue("priceDesc", 'required when priceType is "paid" (only a free listing may leave out its pricing details)');
    if (v.priceType === "paid" && typeof v.priceDesc === "string" && v.priceDesc.trim() === "") issue("priceDesc", 'empty; required when priceType is "paid"');
    if (known(v.creditsPerTransaction) && known(v.licensingModel) && v.licensingModel !== CONSUMPTION_LICENSING_MODEL) {
      issue("creditsPerTransaction", `only for consumption-based listings (licensingModel "${CONSUMPTION_LICENSING_MODEL}"); licensingModel is ${JSON.stringify(v.licensingModel)}`);
    }
    if (known(v.creditsPerTransaction) && v.licensingModel === undefined) {
      issue("creditsPerTransaction", `only for consumption-based listings; set licensingModel "${CONSUMPTION_LICENSING_MODEL}"`);
    }
    if (known(v.trialDuration) && v.trialSupported !== true && !isUnknown(v.trialSupported)) {
      issue("trialDuration", `applies only when trialSupported is true; trialSupported is ${v.trialSupported === undefined ? "not set" : String(v.trialSupported)}`);
    }
  });
