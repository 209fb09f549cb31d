// Direct HTTP calls of a multipart upload (spec.md#gap-multipart (list parts", "Item status"),
// for the tests that leave an upload half done as a killed run would, and request counts.
import * as fs from "node:fs";
import { partSizes } from "../../../provider/resources/portalItem/upload";
import { portalGet, requestLog, type Emulator } from "./portalCalls";

/** Starts a multipart upload as `user` (spec.md#add-item-multipart), asking for `itemIdToCreate`. */
export async function startUpload(emu: Emulator, user: string, filename: string, itemIdToCreate: string): Promise<string> {
  const body = new URLSearchParams({ f: "json", token: emu.tokens[user], multipart: "true", filename, itemIdToCreate });
  const r: any = await (await fetch(`${emu.sharingUrl}/content/users/${user}/addItem`, { method: "POST", body })).json();
  if (!r.success) throw new Error(JSON.stringify(r));
  return r.id;
}

/** Sends part `partNum` (1-based) of `file`, cut as the provider cuts it (or at `partSize`, as another version might have). */
export async function sendPart(emu: Emulator, user: string, itemId: string, file: string, partNum: number, partSize?: number): Promise<void> {
  const whole = await fs.openAsBlob(file);
  const sizes = partSize === undefined ? partSizes(whole.size) : undefined;
  const start = sizes ? sizes.slice(0, partNum - 1).reduce((a, b) => a + b, 0) : (partNum - 1) * partSize!;
  const blob = whole.slice(start, start + (sizes ? sizes[partNum - 1] : partSize!));
  const form = new FormData();
  for (const [k, v] of Object.entries({ f: "json", token: emu.tokens[user], partNum: String(partNum) })) form.append(k, v);
  form.append("file", blob, "part");
  const r: any = await (await fetch(`${emu.sharingUrl}/content/users/${user}/items/${itemId}/addPart`, { method: "POST", body: form })).json();
  if (!r.success) throw new Error(JSON.stringify(r));
}

/** The part numbers the portal holds, or undefined when the item is not an upload in progress. */
export async function partsHeld(emu: Emulator, user: string, itemId: string): Promise<number[] | undefined> {
  const r = await portalGet(emu, user, `content/users/${user}/items/${itemId}/parts`);
  return Array.isArray(r.parts) ? r.parts.map(Number) : undefined;
}

export async function itemStatus(emu: Emulator, user: string, itemId: string): Promise<string | undefined> {
  return (await portalGet(emu, user, `content/users/${user}/items/${itemId}/status`)).status;
}

/** Requests per operation (the last path segment) in the emulator's request log. */
export async function countsByOperation(emu: Emulator): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const q of await requestLog(emu)) {
    const op = q.path.split("?")[0].split("/").pop()!;
    counts[op] = (counts[op] ?? 0) + 1;
  }
  return counts;
}

/** addPart requests the portal answered with success. */
export async function landedParts(emu: Emulator): Promise<number> {
  return (await requestLog(emu)).filter((q) => /addPart$/.test(q.path) && (q as { status?: number }).status === 200).length;
}

export async function setFaults(emu: Emulator, spec: Record<string, unknown>): Promise<void> {
  await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
}
