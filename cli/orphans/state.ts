// The state the orphans command compares with: `pulumi stack export` (in the project directory) or
// --state-file, read for the item ids it holds and the creates still pending.
import * as fs from "node:fs";
import * as path from "node:path";
import { itemIdentity, redact } from "../../provider";
import { Failure, UsageError, type OrphansIo } from "./io";
import type { Options } from "./options";

interface StateResource {
  urn?: unknown;
  id?: unknown;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

interface HeldState {
  /** Item ids the state holds (resource ids and `itemId` outputs). */
  ids: Set<string>;
  /** Creates pending in the state: the next `pulumi up` adopts their items (docs/recovery.md). */
  pending: Array<{ marker?: string; itemIdToCreate?: string }>;
  /** The "<project>/<stack>" pairs the state's URNs name. */
  stacks: Set<string>;
}

/** The parts of `pulumi stack export` (version 3) this command reads. */
export function heldByState(text: string, source: string): HeldState {
  let doc: any;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not JSON; it should be the output of \`pulumi stack export\``);
  }
  const deployment = doc?.deployment;
  if (!doc || typeof doc !== "object" || typeof deployment !== "object" || deployment === null || (deployment.resources !== undefined && !Array.isArray(deployment.resources))) {
    throw new UsageError(`${source} is JSON but not the output of \`pulumi stack export\` (no deployment)`);
  }
  const held: HeldState = { ids: new Set(), pending: [], stacks: new Set() };
  const note = (r: StateResource) => {
    if (typeof r?.urn === "string") {
      const s = itemIdentity.stackOfUrn(r.urn);
      if (s) held.stacks.add(s);
    }
  };
  for (const r of (deployment.resources ?? []) as StateResource[]) {
    note(r);
    if (typeof r?.id === "string" && r.id !== "") held.ids.add(r.id);
    const itemId = r?.outputs?.itemId;
    if (typeof itemId === "string" && itemId !== "") held.ids.add(itemId);
  }
  for (const op of (Array.isArray(deployment.pending_operations) ? deployment.pending_operations : []) as Array<{ resource?: StateResource; type?: string }>) {
    const r = op?.resource;
    if (!r) continue;
    note(r);
    if (typeof r.id === "string" && r.id !== "") held.ids.add(r.id);
    if (op.type !== "creating") continue;
    const inputs = r.inputs ?? {};
    const urn = typeof inputs.__urn === "string" ? inputs.__urn : typeof r.urn === "string" ? r.urn : undefined;
    held.pending.push({
      marker: urn ? itemIdentity.resourceMarker(urn, itemIdentity.generationOf(inputs)) : undefined,
      itemIdToCreate: typeof inputs.itemIdToCreate === "string" ? inputs.itemIdToCreate : undefined,
    });
  }
  return held;
}

export async function readState(o: Options, io: OrphansIo, stack: string): Promise<HeldState> {
  if (o.stateFile !== undefined) {
    const file = path.resolve(io.cwd, o.stateFile);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      throw new UsageError((e as NodeJS.ErrnoException).code === "ENOENT" ? `no such file: ${o.stateFile}` : `cannot read ${o.stateFile}: ${(e as Error).message}`);
    }
    return heldByState(text, o.stateFile);
  }
  const r = await io.pulumi(["stack", "export", "--stack", o.stack], io.cwd, io.env);
  if (r.code !== 0) {
    const why = r.stderr.trim().split("\n").filter((l) => l.trim() !== "").pop() ?? `exit code ${r.code}`;
    throw new Failure(`pulumi stack export --stack ${stack} failed: ${redact(why)}`);
  }
  return heldByState(r.stdout, "the output of `pulumi stack export`");
}
