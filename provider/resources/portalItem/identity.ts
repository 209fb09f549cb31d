// PortalItem identity across lost checkpoints (issue "crash-safe creates"): the program hands over
// the resource's URN (`__urn`), and check derives itemIdToCreate from it and a generation counter
// that a replacement bumps. A create whose answer was lost (SIGKILL, then any recovery path) sends
// the same id again and adopts the item the portal already holds, because that item carries this
// resource's marker type keyword. The marker also lets `pulumi-gis-portal orphans` find items of a
// stack that its state does not hold.
import { ITEM } from "../../../spec/limits";
import { sha256Hex } from "../../fileHash";

/** 32 hex digits (letters and digits, as spec.md#item-fields asks) from the URN and the generation. */
export function derivedItemIdToCreate(urn: string, generation: number): string {
  return sha256Hex(`${urn}#${generation}`).slice(0, ITEM.itemIdToCreateLength);
}

/** The prefix of every marker keyword this package writes. */
export const MARKER_PREFIX = "pulumigisportal";

/** `urn:pulumi:<stack>::<project>::<type>::<name>` → "<project>/<stack>". */
export function stackOfUrn(urn: string): string | undefined {
  const m = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn);
  return m ? `${m[2]}/${m[1]}` : undefined;
}

/**
 * The marker of one resource generation: a hash of its URN (which names the stack and the project),
 * and of the generation from the first replacement on, so that during a create-before-delete
 * replacement the item being replaced does not pass for the new one (the marker search on portals
 * before 10.8.1). Generation 0 keeps the URN-only hash items were first made with.
 */
export function resourceMarker(urn: string, generation = 0): string {
  return `${MARKER_PREFIX}r${sha256Hex(generation > 0 ? `${urn}#${generation}` : urn).slice(0, 24)}`;
}

/** The generation a resource's inputs carry (`__generation`, set by check; 0 when absent). */
export function generationOf(inputs: Record<string, unknown>): number {
  return typeof inputs.__generation === "number" && Number.isInteger(inputs.__generation) && inputs.__generation > 0 ? inputs.__generation : 0;
}

/** The marker of one stack ("<project>/<stack>"), on every item this package creates in it. */
export function stackMarker(stack: string): string {
  return `${MARKER_PREFIX}s${sha256Hex(stack).slice(0, 24)}`;
}

/** The keywords an item of this resource (generation) carries beside the user's. */
export function markersOf(urn: unknown, generation = 0): string[] {
  if (typeof urn !== "string") return [];
  const stack = stackOfUrn(urn);
  return [resourceMarker(urn, generation), ...(stack ? [stackMarker(stack)] : [])];
}

/** The user's keywords, without ours (what read gives back as drift-comparable). */
export function withoutMarkers(keywords: readonly string[]): string[] {
  return keywords.filter((k) => !k.startsWith(MARKER_PREFIX));
}
