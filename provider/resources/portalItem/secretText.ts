// A Data Store item's text (spec.md#add-item-data-store) holds the store's credentials
// (info.connectionString.secretAccessKey). Such a text is kept as a Pulumi secret in state as a whole
// (issue 15 scope 6): the public class marks it secret, check keeps it under `text` (where the engine
// carries the mark from the input to the checked inputs and the outputs) instead of `__text`, and
// the plan never prints it.
import { isUnknown } from "../../rules/unknown";

/** Keys whose non-empty string value is a credential (secretAccessKey, passwords, tokens, account keys). */
const SECRET_KEY = /secret|password|token|accountkey/i;

function holdsSecret(v: unknown, depth: number): boolean {
  if (depth > 32 || v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some((x) => holdsSecret(x, depth + 1));
  return Object.entries(v as Record<string, unknown>).some(([k, x]) => (SECRET_KEY.test(k) && ((typeof x === "string" && x !== "") || isUnknown(x))) || holdsSecret(x, depth + 1));
}

/** Whether item text (an object or its JSON text) carries a secret value anywhere in it. */
export function textCarriesSecret(text: unknown): boolean {
  let v = text;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return false;
    }
  }
  return holdsSecret(v, 0);
}

/**
 * State written before a credential-bearing text was kept as a secret holds it in plain text under
 * `__text`: that is a change, so the next `up` rewrites the state with the text as one secret (the
 * update sends nothing: the text itself is the same).
 */
export function plainSecretText(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  return olds.__text !== undefined && textCarriesSecret(olds.__text) && news.text !== undefined && news.__text === undefined;
}
