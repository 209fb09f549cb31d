// Field rules shared by the input schemas; every reason states the limit and the actual value
// ("112 characters; at most 100"), as spec.md#design-check asks.
import { z } from "zod";
import { ITEM } from "../../spec/limits";

/** A string of at most `max` characters (spec.md#limits lengths); `min` 1 makes it required non-empty. */
export function text(max: number, min = 0): z.ZodString {
  return z.string().superRefine((s, ctx) => {
    if (min === 1 && s.trim() === "") ctx.addIssue({ code: "custom", message: s === "" ? "empty; a value is required" : "only blanks; a value is required" });
    else if (s.length < min) ctx.addIssue({ code: "custom", message: `${s.length} characters; at least ${min}` });
    if (s.length > max) ctx.addIssue({ code: "custom", message: `${s.length} characters; at most ${max}` });
  });
}

/** A non-empty string without a length limit of docs/dev/spec.md. */
export const nonEmpty = () => text(Number.MAX_SAFE_INTEGER, 1);

/** spec.md#item-fields description: "less than 64 Kb", counted in UTF-8 bytes. */
export function bytesUnder(limit: number): z.ZodString {
  return z.string().superRefine((s, ctx) => {
    const bytes = Buffer.byteLength(s, "utf8");
    if (bytes >= limit) ctx.addIssue({ code: "custom", message: `${bytes} bytes; less than ${limit} (64 KB) allowed` });
  });
}

/** spec.md#item-fields itemIdToCreate (and the shape of every item id): exactly 32 letters or digits. */
export function itemId(): z.ZodString {
  return z.string().superRefine((s, ctx) => {
    if (!new RegExp(`^[A-Za-z0-9]{${ITEM.itemIdToCreateLength}}$`).test(s)) {
      const why = s.length !== ITEM.itemIdToCreateLength ? `${s.length} characters` : "contains characters other than letters and digits";
      ctx.addIssue({ code: "custom", message: `${why}; an item id is exactly ${ITEM.itemIdToCreateLength} letters or digits` });
    }
  });
}

/** An absolute http(s) URL. */
export function httpUrl(): z.ZodString {
  return z.string().superRefine((s, ctx) => {
    let ok = false;
    try {
      ok = /^https?:$/.test(new URL(s).protocol);
    } catch {
      ok = false;
    }
    if (!ok) ctx.addIssue({ code: "custom", message: `${JSON.stringify(s.length > 60 ? `${s.slice(0, 60)}…` : s)} is not an http(s) URL` });
  });
}

/** spec.md#item-fields tags / categories: a comma-delimited string or a list of strings. */
export const stringList = () => z.union([z.string(), z.array(z.string())]);

/** Text that must be JSON (an item's `text`): the reason names the parser's complaint. */
export function jsonText(): z.ZodString {
  return z.string().superRefine((s, ctx) => {
    try {
      JSON.parse(s);
    } catch (e) {
      ctx.addIssue({ code: "custom", message: `not valid JSON text (${(e as Error).message}); an item's text is JSON content: give an object, or its JSON text` });
    }
  });
}

/**
 * A JSON object given as an object or as its JSON text (spec.md#item-fields "JSON object" fields). The text is
 * parsed first, so the object's own rules name their full path (`listingProperties.priceDesc`)
 * whichever form was given; text that does not parse is named as such.
 */
export function jsonObject<S extends z.ZodType>(shape: S): z.ZodType<z.output<S>, z.input<S> | string> {
  const parsed = z.preprocess((v, ctx) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch (e) {
      ctx.addIssue({ code: "custom", message: `not valid JSON text (${(e as Error).message}); give the object, or its JSON text` });
      return z.NEVER;
    }
  }, shape);
  return parsed as unknown as z.ZodType<z.output<S>, z.input<S> | string>;
}
