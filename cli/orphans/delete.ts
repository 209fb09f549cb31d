// What the orphans command prints of each orphan, and --delete (after a confirmation).
import { isNotFound, ops, redact, type PortalClient } from "../../provider";
import type { OrphansIo } from "./io";

export interface Orphan {
  id: string;
  title: string;
  type: string;
  owner: string;
  created: string | null;
  folder?: string | null;
}

export const oneLine = (s: unknown) => String(s ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ");
const iso = (ms: unknown) => (typeof ms === "number" && Number.isFinite(ms) ? new Date(ms).toISOString() : null);

export function asOrphan(r: ops.SearchResult): Orphan {
  return { id: r.id, title: oneLine(r.title), type: oneLine(r.type), owner: oneLine(r.owner), created: iso(r.created), folder: r.ownerFolder ?? null };
}

export async function confirm(io: OrphansIo, count: number, portalUrl: string): Promise<boolean> {
  const answer = (await io.ask(`Delete these ${count} item(s) from ${portalUrl}? Type ${count} or "yes" to delete: `)).trim();
  return answer === String(count) || answer.toLowerCase() === "yes";
}

export async function deleteAll(client: PortalClient, orphans: Orphan[], io: OrphansIo, json: boolean): Promise<{ deleted: string[]; failed: Array<{ id: string; reason: string }> }> {
  const deleted: string[] = [];
  const failed: Array<{ id: string; reason: string }> = [];
  for (const o of orphans) {
    try {
      await ops.deleteItem(client, { owner: o.owner, itemId: o.id, folder: o.folder });
      deleted.push(o.id);
    } catch (e) {
      if (isNotFound(e)) {
        deleted.push(o.id); // gone is done
        continue;
      }
      failed.push({ id: o.id, reason: oneLine(redact((e as Error).message)) });
    }
  }
  if (!json) {
    for (const id of deleted) io.stdout(`deleted ${id}\n`);
    for (const f of failed) io.stdout(`not deleted ${f.id}: ${f.reason}\n`);
    io.stdout(`${deleted.length} deleted${failed.length > 0 ? `, ${failed.length} not deleted` : ""}\n`);
  }
  return { deleted, failed };
}
