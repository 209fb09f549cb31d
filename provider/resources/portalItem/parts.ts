// The parts and the commit of a multipart upload (spec.md#add-item-multipart; spec.md#gap-multipart (list
// parts", "Commit", "Item status"): parts go UPLOAD.parallelParts (6) at a time at first, then as many
// as the measured throughput says (uploadPlan.ts), and the first that fails for good stops the others; a commit whose answer is lost or a 5xx is looked up in the item status and,
// when it did not go through, sent again after the parts the portal lacks. Parts the portal holds
// are never sent again nor discarded.
import { uploadLimits } from "../../../spec/limits";
import { addItemPart, commitItem, getItemStatus, listItemParts } from "../../ops/multipart";
import type { ItemParams } from "../../ops/items";
import type { ItemRef } from "../../ops/paths";
import type { FilePart } from "../../rest/body";
import type { PortalClient } from "../../rest/client";
import { NetworkError, PortalError } from "../../rest/errors";
import { reportProgress, uploadProgressLine } from "../../progress";
import { nextParallelism, startParallelism, type Parallelism } from "./uploadPlan";

/** Commits sent at most, when the earlier ones are known not to have gone through. */
export const COMMIT_ATTEMPTS = 3;

/** The part numbers the portal holds for an uncommitted upload. */
export async function heldParts(client: PortalClient, ref: ItemRef): Promise<Set<number>> {
  return new Set((await listItemParts(client, ref)).parts.map(Number).filter(Number.isInteger));
}

/** A dropped connection or a 5xx: the request may or may not have run. */
function unanswered(e: unknown): boolean {
  return e instanceof NetworkError || (e instanceof PortalError && e.code >= 500);
}

/** One part, sent once more after a failure (re-sending a number replaces that part). */
async function sendPart(client: PortalClient, ref: ItemRef, partNum: number, file: FilePart, signal: AbortSignal): Promise<void> {
  try {
    await addItemPart(client, { ...ref, partNum, file, signal });
  } catch (e) {
    if (signal.aborted) throw e;
    await addItemPart(client, { ...ref, partNum, file, signal });
  }
}

/** The last sendParts' parts in flight: at most, on average over its time, and its level at the end (the benches print them). */
export const partsStats = { maxInFlight: 0, meanInFlight: 0, level: 0 };

/**
 * Sends the parts the portal does not hold, UPLOAD.parallelParts at a time at first, then as many
 * as the measured rate of the parts says (uploadPlan.ts nextParallelism). The first part that fails
 * for good aborts the parts in flight and no further part is sent; the error names that part and
 * its cause.
 */
export async function sendParts(client: PortalClient, ref: ItemRef, parts: FilePart[], held: ReadonlySet<number> = new Set(), onPart?: (done: number, total: number) => void): Promise<void> {
  const todo = parts.map((_, i) => i + 1).filter((n) => !held.has(n));
  let done = parts.length - todo.length;
  const stop = new AbortController();
  let failed: { partNum: number; error: unknown } | undefined;
  let plan: Parallelism = startParallelism(uploadLimits(), todo.length);
  let active = 0;
  Object.assign(partsStats, { maxInFlight: 0, meanInFlight: 0, level: plan.level });
  const began = performance.now();
  let [busy, last] = [0, began];
  const count = (delta: number) => {
    const now = performance.now();
    [busy, last] = [busy + active * (now - last), now];
    active += delta;
  };
  const workers: Promise<void>[] = [];
  const worker = async () => {
    let n: number | undefined;
    try {
      // a lowered level ends the extra workers after their part
      while (!failed && active <= plan.level) {
        n = todo.shift();
        if (n === undefined) return;
        const [level, started] = [plan.level, performance.now()];
        await sendPart(client, ref, n, parts[n - 1], stop.signal);
        onPart?.(++done, parts.length);
        plan = nextParallelism(plan, { bytes: (parts[n - 1].end ?? 0) - (parts[n - 1].start ?? 0), ms: performance.now() - started, level });
        grow();
      }
    } catch (error) {
      if (failed) return; // stopped by the part that failed first
      failed = { partNum: n ?? 0, error };
      stop.abort();
    } finally {
      count(-1);
    }
  };
  const grow = () => {
    while (!failed && active < plan.level && todo.length > 0) {
      count(+1);
      workers.push(worker());
    }
    partsStats.maxInFlight = Math.max(partsStats.maxInFlight, active);
    partsStats.level = plan.level;
  };
  grow();
  for (let i = 0; i < workers.length; i++) await workers[i]; // workers started later join the list
  partsStats.meanInFlight = last > began ? busy / (last - began) : active;
  if (failed) {
    const why = failed.error instanceof Error ? failed.error.message : String(failed.error);
    throw new Error(`PortalItem: part ${failed.partNum} of ${parts.length} of the multipart upload of item ${ref.itemId} failed (addPart, sent twice): ${why}. No further part was sent.`, { cause: failed.error });
  }
}

/** "uploading X of Y MiB (n%), r MiB/s, parts d/t" on the resource's row as the parts land (sendParts' onPart). */
export function partsProgress(parts: readonly FilePart[], urn: string | undefined): (done: number) => void {
  const total = parts.reduce((n, p) => n + (p.end ?? 0) - (p.start ?? 0), 0);
  const started = Date.now();
  return (done) => {
    const sent = Math.min(total, Math.round((total * done) / parts.length));
    void reportProgress(uploadProgressLine(sent, total, Date.now() - started, { done, total: parts.length }), { urn, key: `parts ${urn ?? parts[0]?.path}`, final: done === parts.length });
  };
}

/**
 * Commits with the item properties. A commit without an answer (dropped connection, 5xx) is looked
 * up: a status other than `partial` means it went through (the wait that follows tells how it
 * ends); `partial` means it did not, so the parts the portal lacks are sent and the commit again.
 */
export async function commitParts(client: PortalClient, ref: ItemRef, item: ItemParams, parts: FilePart[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await commitItem(client, { ...ref, item });
      return;
    } catch (e) {
      if (!unanswered(e) || attempt >= COMMIT_ATTEMPTS) throw e;
      if ((await getItemStatus(client, ref)).status !== "partial") return;
      await sendParts(client, ref, parts, await heldParts(client, ref));
    }
  }
}
