// What a GroupMembership change sends, as a plan and as requests: the members to add (as members or
// administrators), to remove, and whose role changes. The group's membership is exactly the lists
// (plus its owner, always an administrator).
import { addGroupUsers, getGroupUsers, removeGroupUsers, updateGroupUsers } from "../../ops/groups";
import type { PortalClient } from "../../rest/client";

export interface Roster {
  users: string[];
  admins: string[];
}

export const sortedNames = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === "string"))].sort() : []);

/** The roster as the portal holds it, without the owner. */
export async function heldRoster(client: PortalClient, groupId: string): Promise<Roster & { owner: string }> {
  const r = await getGroupUsers(client, groupId);
  return { owner: r.owner, admins: sortedNames(r.admins.filter((n) => n !== r.owner)), users: sortedNames(r.users.filter((n) => n !== r.owner && !r.admins.includes(n))) };
}

export interface RosterChange {
  addUsers: string[];
  addAdmins: string[];
  remove: string[];
  promote: string[];
  demote: string[];
}

/** From `held` to `want` (the owner is never touched). */
export function rosterChange(held: Roster, want: Roster, owner?: string): RosterChange {
  const not = (n: string) => n !== owner;
  const heldAll = new Set([...held.users, ...held.admins]);
  const wantAll = new Set([...want.users, ...want.admins]);
  return {
    addUsers: want.users.filter((n) => not(n) && !heldAll.has(n)),
    addAdmins: want.admins.filter((n) => not(n) && !heldAll.has(n)),
    remove: [...heldAll].filter((n) => not(n) && !wantAll.has(n)).sort(),
    promote: want.admins.filter((n) => not(n) && held.users.includes(n)),
    demote: want.users.filter((n) => not(n) && held.admins.includes(n)),
  };
}

export const isEmptyChange = (c: RosterChange) => Object.values(c).every((l) => l.length === 0);

/** `~ members: + carol, + erin (admin), - dave` and `~ role: erin member → admin`. */
export function rosterLines(c: RosterChange, sign = "~"): string[] {
  const parts = [...c.addUsers.map((n) => `+ ${n}`), ...c.addAdmins.map((n) => `+ ${n} (admin)`), ...c.remove.map((n) => `- ${n}`)];
  const lines = parts.length > 0 ? [`${sign} members: ${parts.join(", ")}`] : [];
  for (const n of c.promote) lines.push(`~ role: ${n} member → admin`);
  for (const n of c.demote) lines.push(`~ role: ${n} admin → member`);
  return lines;
}

/** Sends a roster change: adds first, then role changes, then removals; refusals name the users. */
export async function applyRoster(client: PortalClient, groupId: string, title: string, c: RosterChange): Promise<void> {
  const notAdded = [...(await addGroupUsers(client, groupId, c.addUsers, "member")), ...(await addGroupUsers(client, groupId, c.addAdmins, "admin"))];
  if (notAdded.length > 0) throw new Error(`GroupMembership of ${title}: the portal did not add ${notAdded.join(", ")} (notAdded): each must be an enabled user of the group's organization.`);
  const failed = [...(await updateGroupUsers(client, groupId, c.promote, "admin")), ...(await updateGroupUsers(client, groupId, c.demote, "member"))];
  if (failed.length > 0) throw new Error(`GroupMembership of ${title}: the portal did not change the role of ${failed.join(", ")}.`);
  const notRemoved = await removeGroupUsers(client, groupId, c.remove);
  if (notRemoved.length > 0) throw new Error(`GroupMembership of ${title}: the portal did not remove ${notRemoved.join(", ")} (notRemoved).`);
}
