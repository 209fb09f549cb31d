// PortalItem check (spec.md#design-check): normalize the inputs, record the file's size and SHA-256 (so a
// changed file is a diff), keep one itemIdToCreate per resource generation, and list every failure
// before any request is sent.
import { randomBytes } from "node:crypto";
import { fileFacts } from "../machinery/localFile";
import { ITEM } from "../../../spec/limits";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { withPlan } from "../machinery/plan";
import { checkAdoption } from "./adopt";
import { diffPortalItem } from "./diff";
import { derivedItemIdToCreate } from "./identity";
import { replaceImpact } from "./impact";
import { inputFailures } from "./input";
import { planLines } from "./plan";
import { normalSharing, raiseLine, raiseToOrigin, sharingPlan } from "./sharing";
import { sharingGroupFailures } from "./groups";
import { ownershipPlan } from "./ownership";
import { plainSecretText, textCarriesSecret } from "./secretText";
import { portalClient } from "../machinery/client";
import { FILE_KEYS, INPUT_KEYS, JSON_KEYS, LIST_KEYS, ONE_OR_MANY_KEYS, PORTAL_ITEM } from "./table";
import { STATE_LAYOUT_VERSION } from "../machinery/state";

import type { PortalItemProps as Props } from "./props";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** spec.md#item-fields itemIdToCreate: 32 random letters and digits. */
export function newItemIdToCreate(): string {
  const bytes = randomBytes(ITEM.itemIdToCreateLength * 2);
  let id = "";
  // rejection sampling keeps every character equally likely (248 = 4 × 62)
  for (const b of bytes) if (b < 248 && id.length < ITEM.itemIdToCreateLength) id += ALPHANUMERIC[b % 62];
  return id.length === ITEM.itemIdToCreateLength ? id : newItemIdToCreate();
}

/** spec.md#item-fields tags (comma-delimited) and categories (JSON array or comma list) as lists. */
function asList(v: unknown): unknown {
  if (typeof v !== "string" || isUnknown(v)) return v;
  return v.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/** A single value as a one-element list (a field that takes one or many). */
const asOneOrMany = (v: unknown): unknown => (typeof v === "string" && !isUnknown(v) ? [v] : v);

/** JSON text → its value; text that is not JSON stays (the rule names it). */
function asJson(v: unknown): unknown {
  if (typeof v !== "string" || isUnknown(v)) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Fields whose change needs a new item (a new generation, so a new itemIdToCreate). */
function sameGeneration(olds: Props, news: Props): boolean {
  // a new owner or folder is a reassign or a move of the same item (portalItem/ownership.ts)
  return olds.type === news.type;
}

/**
 * spec.md#design-item-create-retry: one itemIdToCreate per resource generation, kept in inputs. Derived from the URN the
 * program hands over and a generation counter (a replacement bumps it, so create-before-delete does
 * not collide with the item it replaces), it survives a lost checkpoint: a create re-run after
 * `--clear-pending-creates` sends the same id and adopts the item. State written by 0.1 (a random
 * id) keeps its id.
 */
function itemIdToCreateFor(olds: Props, news: Props): Props {
  if (news.itemIdToCreate !== undefined) return { itemIdToCreate: news.itemIdToCreate, generatedItemIdToCreate: false };
  const had = olds.generatedItemIdToCreate === true && typeof olds.itemIdToCreate === "string";
  const same = had && sameGeneration(olds, news);
  const urn = news.__urn;
  if (typeof urn !== "string" || isUnknown(urn)) {
    return { itemIdToCreate: same ? olds.itemIdToCreate : newItemIdToCreate(), generatedItemIdToCreate: true };
  }
  const oldGeneration = typeof olds.__generation === "number" ? olds.__generation : 0;
  if (same) return { itemIdToCreate: olds.itemIdToCreate, generatedItemIdToCreate: true, __generation: oldGeneration };
  const generation = had ? oldGeneration + 1 : 0;
  return { itemIdToCreate: derivedItemIdToCreate(urn, generation), generatedItemIdToCreate: true, __generation: generation };
}

/**
 * Preview = apply: a dynamic resource's preview shows check's result as its outputs, so the outputs
 * that an update keeps are carried here, and dependents (a relationship, an ItemStatus) keep a known
 * item id instead of [unknown]. The item id is the itemIdToCreate it was created with (the portal
 * honours it from 10.8.1; on an older portal read() records the real id after a pulumi refresh).
 */
function carriedOutputs(olds: Props, inputs: Props): Props {
  const out: Props = { schemaVersion: STATE_LAYOUT_VERSION };
  const existing = olds && Object.keys(olds).length > 0 && olds.itemIdToCreate === inputs.itemIdToCreate;
  if (existing) {
    const itemId = typeof olds.itemId === "string" ? olds.itemId : olds.itemIdToCreate;
    if (typeof itemId === "string") out.itemId = itemId;
  }
  const rel = inputs.relationship;
  const other = rel && (rel.originItemId ?? rel.destinationItemId);
  if (typeof other === "string" && !isUnknown(other)) out.relatedItemIds = [other];
  return out;
}

/** Arguments compared only when set that the portal also reports (owner, folder, url, protected). */
const HELD_WHEN_UNSET = INPUT_KEYS.filter((k) => PORTAL_ITEM[k].role === "argument" && "whenSet" in PORTAL_ITEM[k] && PORTAL_ITEM[k].whenSet === true && "output" in PORTAL_ITEM[k] && PORTAL_ITEM[k].output === true);

/**
 * Issue 29 scope 3: a refresh keeps what the portal holds for owner, folder, url and protected in
 * the state's inputs; a program that leaves them unset would then show `- owner` and
 * `- protected: true` in `preview --diff` on every unrelated update, although an unset row is not
 * managed and nothing changes in the portal. The old value is carried instead (an update that
 * keeps the item; a replacement takes the program's inputs as they are).
 */
function heldWhenUnset(olds: Props, news: Props, inputs: Props): Props {
  const out: Props = {};
  if (!olds || Object.keys(olds).length === 0 || diffPortalItem(withText(olds), inputs).replaces.length > 0) return out;
  for (const key of HELD_WHEN_UNSET) {
    const old = olds[key];
    if ((news[key] === undefined || news[key] === null) && old !== undefined && old !== null && !isUnknown(old)) (out as Record<string, unknown>)[key] = old;
  }
  return out;
}

/**
 * Text content is kept under the engine-internal key `__text` (never printed, so a create does not
 * dump a web map's JSON; the plan line gives its length). Every method reads it through here; state
 * written by 0.1 kept it under `text`.
 */
export function withText(props: Props): Props {
  if (!props || props.__text === undefined) return props;
  const out: Props = { ...props, text: props.__text as Props["text"] };
  delete out.__text;
  return out;
}

/** The id of the item a replace will delete, when this step replaces one that exists. */
function replacedItemId(olds: Props, inputs: Props): string | undefined {
  if (Object.keys(olds).length === 0 || diffPortalItem(withText(olds), inputs).replaces.length === 0) return undefined;
  const id = olds.itemId ?? olds.itemIdToCreate;
  return typeof id === "string" && !isUnknown(id) ? id : undefined;
}

export async function checkPortalItem(olds: Props, news: Props): Promise<{ inputs: Props; failures?: CheckFailure[] }> {
  const inputs: Props = {};
  // computed rows (a file's hash, generatedItemIdToCreate) are check's own, never taken from the program
  for (const key of INPUT_KEYS) if (news[key] !== undefined && news[key] !== null && PORTAL_ITEM[key].role === "argument") (inputs as Record<string, unknown>)[key] = news[key];
  for (const key of LIST_KEYS) if (inputs[key] !== undefined) (inputs as Record<string, unknown>)[key] = asList(inputs[key]);
  if (inputs.sharing !== undefined) inputs.sharing = normalSharing(inputs.sharing) as Props["sharing"];
  for (const key of ONE_OR_MANY_KEYS) if (inputs[key] !== undefined) (inputs as Record<string, unknown>)[key] = asOneOrMany(inputs[key]);
  for (const key of JSON_KEYS) if (inputs[key] !== undefined) (inputs as Record<string, unknown>)[key] = asJson(inputs[key]);
  if (typeof news.__urn === "string") inputs.__urn = news.__urn;
  const failures = inputFailures(inputs, news.itemIdToCreate ?? undefined);
  for (const [key, keys] of Object.entries(FILE_KEYS)) {
    if (typeof inputs[key] !== "string" || isUnknown(inputs[key]) || inputs[key] === "") continue;
    const facts = await fileFacts(inputs[key], key, keys);
    if ("reason" in facts && typeof facts.property === "string" && typeof facts.reason === "string") failures.push(facts as CheckFailure);
    else Object.assign(inputs, facts);
  }
  Object.assign(inputs, itemIdToCreateFor(olds ?? {}, { ...news, itemIdToCreate: news.itemIdToCreate ?? undefined }));
  Object.assign(inputs, carriedOutputs(olds ?? {}, inputs));
  if (failures.length === 0) Object.assign(inputs, heldWhenUnset(olds ?? {}, news, inputs));
  // docs/adopting.md: an adopted item is read (reads only); its id is known and its plan says "adopt"
  const adoption = failures.length === 0 ? await checkAdoption(olds ?? {}, inputs) : undefined;
  if (adoption) failures.push(...adoption.failures);
  if (adoption) inputs.itemId = inputs.adoptItemId;
  const lines = adoption && Object.keys(olds ?? {}).length === 0 ? [] : planLines(withText(olds ?? {}), inputs);
  const replaced = replacedItemId(olds ?? {}, inputs);
  if (replaced !== undefined && failures.length === 0) lines.push(...(await replaceImpact(replaced)));
  if (adoption) lines.push(...adoption.lines);
  if (failures.length === 0) {
    const owned = await ownershipPlan(portalClient, adoption ? {} : (olds ?? {}), inputs);
    lines.push(...owned.lines);
    // paths in the order the program wrote the groups (check keeps them sorted)
    failures.push(...owned.failures, ...(await sharingGroupFailures(portalClient, news.sharing)));
  }
  if (failures.length === 0) lines.push(...(await sharingPlan(portalClient, olds ?? {}, inputs)));
  const raise = raiseToOrigin(olds ?? {}, inputs);
  if (raise) lines.push(raiseLine(raise));
  // a text carrying credentials stays under `text`, where the engine keeps it secret (portalItem/secretText.ts)
  if (inputs.text !== undefined && !textCarriesSecret(inputs.text)) {
    inputs.__text = inputs.text;
    delete inputs.text;
  }
  if (plainSecretText(olds ?? {}, inputs)) lines.push("~ text: [secret] (kept as one secret in state from now on; it was plain under __text)");
  const planned = withPlan(inputs, lines);
  return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
}
