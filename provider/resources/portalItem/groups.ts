// The groups of `PortalItem.sharing.groups` must exist (issue 23): a typo'd or deleted group is found
// at preview when its id is known (a read per group, remembered for the run), and again at up before
// the item is added, so a share to a missing group never leaves a half-made item behind.
import { readGroup } from "../../ops/bulk";
import type { PortalClient } from "../../rest/client";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";

/** Groups seen to exist in this process (only a positive answer is kept: a group may be created later in the run). */
const seen = new Set<string>();

async function exists(client: PortalClient, id: string): Promise<boolean> {
  if (seen.has(id)) return true;
  try {
    await readGroup(client, id); // one search answers every group's read (ops/bulk.ts)
    seen.add(id);
    return true;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
}

/** The groups that do not exist (or the configured user cannot see), as failures at `sharing.groups[i]`. */
export async function sharingGroupFailures(client: () => PortalClient, sharing: unknown): Promise<CheckFailure[]> {
  const groups = sharing && typeof sharing === "object" && !isUnknown(sharing) ? (sharing as { groups?: unknown }).groups : undefined;
  if (!Array.isArray(groups)) return [];
  const out: CheckFailure[] = [];
  for (const [i, g] of groups.entries()) {
    if (typeof g !== "string" || isUnknown(g)) continue;
    if (!(await exists(client(), g))) out.push({ property: `sharing.groups[${i}]`, reason: `group ${g} does not exist, or the configured user (portal:token / portal:username) cannot see it; give a Group's groupId` });
  }
  return out;
}

/** Up, before the first write: the same rule as an error naming the groups. */
export async function assertSharingGroupsExist(client: PortalClient, sharing: unknown, what: string): Promise<void> {
  const failures = await sharingGroupFailures(() => client, sharing);
  if (failures.length > 0) throw new Error(`${what}: nothing was written. ${failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
}
