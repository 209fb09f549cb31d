// Reading ahead within a refresh (issue 24: a refresh of thousands of resources; docs/dev/performance.md,
// "Where the 5,000-item refresh's extra time goes"). The engine reads up to --parallel resources at
// once. A read that waits for a request of its own (a group's shared-item count, a folder's first
// page, an item's sharing: no listing answers them) holds one of those places for a round trip, and
// a refresh of thousands made hundreds of such waits one after another. So the first read of
// such a kind asks for its siblings' requests too, ahead, at most PAGES_IN_FLIGHT at a time: the
// siblings come from a listing the read already made (the organization's groups, the owner's
// folders, the folder's items), in the order an export writes them (rules/slug.ts), which is the
// order the engine reads an exported stack in. Their answers wait in the client's shared reads;
// a sibling's own read then finds its answer there, or on its way.
//
// The bound: reads made ahead that no resource has asked for never number more than SPARE plus the
// reads asked for, so a stack holding a few of many groups, folders or items pays at most twice its
// own requests plus SPARE, and a stack holding them all pays nothing extra. A new refresh (or any
// write) starts the count again. With shared reads off (PORTAL_READ_CACHE_MS=0) nothing is read ahead.
import type { PortalClient } from "../rest/client";
import { inExportOrder } from "../rules/slug";
import { PAGES_IN_FLIGHT } from "./pages";

/** Reads made ahead that nothing asked for, beyond the reads asked for, at most. */
export const SPARE = 8;

/** A request a resource's read may ask for: its key (an id), the title that orders it, and the read. */
export interface Sibling {
  id: string;
  title?: unknown;
  read: () => Promise<unknown>;
}

class ReadAhead {
  constructor(
    private readonly client: PortalClient,
    private readonly generation: number,
  ) {}

  private readonly asked = new Set<string>();
  private readonly unused = new Set<string>();
  private readonly families = new Set<string>();
  private readonly queue: Sibling[] = [];
  private running = 0;

  /** `id`'s read asks for its request; the first ask of `family` lists the siblings to read ahead. */
  async ask(id: string, family: string, siblings: () => Promise<readonly Sibling[] | undefined>): Promise<void> {
    this.asked.add(id);
    this.unused.delete(id);
    if (!this.families.has(family)) {
      this.families.add(family);
      const found = await siblings().catch(() => undefined);
      for (const s of inExportOrder(found ?? [])) if (!this.asked.has(s.id)) this.queue.push(s);
    }
    this.pump();
  }

  /** Reads ahead while fewer than PAGES_IN_FLIGHT are under way and the bound allows. */
  private pump(): void {
    // the shared reads were dropped since (a write, the next refresh): what is left is not read ahead
    if (this.client.readGeneration !== this.generation) return;
    while (this.running < PAGES_IN_FLIGHT && this.unused.size < SPARE + this.asked.size) {
      const next = this.queue.shift();
      if (next === undefined) return;
      if (this.asked.has(next.id) || this.unused.has(next.id)) continue;
      this.unused.add(next.id);
      this.running++;
      void next
        .read()
        .catch(() => undefined) // a sibling's own read asks again and reports its error
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}

const kept = new WeakMap<PortalClient, { generation: number; kinds: Map<string, ReadAhead> }>();

/**
 * Notes that a read asks for `kind`'s request of `id` and reads its siblings' ahead (above). Returns
 * once the siblings are listed (the read's own request is the caller's, as before).
 */
export async function readAhead(client: PortalClient, kind: string, id: string, family: string, siblings: () => Promise<readonly Sibling[] | undefined>): Promise<void> {
  if (!client.sharesReads) return;
  let state = kept.get(client);
  if (state === undefined || state.generation !== client.readGeneration) kept.set(client, (state = { generation: client.readGeneration, kinds: new Map() }));
  let ahead = state.kinds.get(kind);
  if (ahead === undefined) state.kinds.set(kind, (ahead = new ReadAhead(client, state.generation)));
  await ahead.ask(id, family, siblings);
}
