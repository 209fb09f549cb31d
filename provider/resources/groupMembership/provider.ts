// GroupMembership (docs/resources/group-membership.md): a group's members and administrators as
// code, exactly the lists given (the owner is always an administrator and is never touched). The id
// is the group id; another group replaces. Delete removes the listed members; a group that is gone
// is done.
import type * as pulumi from "@pulumi/pulumi";
import { GROUP } from "../../../spec/limits";
import { prefetchRosters, readGroup } from "../../ops/bulk";
import { isNotFound, orUndefinedIfNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { freshReads, configurePortal, portalClient, readInThisRefresh } from "../machinery/client";
import { shown, withPlan } from "../machinery/plan";
import { rememberReplaced } from "../machinery/replacing";
import { assertReadableState, STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { carryHeldWhenUnset, checkByTable, diffByTable, isCreate } from "../machinery/tableResource";
import { applyRoster, heldRoster, isEmptyChange, rosterChange, rosterLines, sortedNames, type Roster } from "./members";
import { GROUP_MEMBERSHIP_TABLE } from "./table";

const rosterOf = (p: RawInputs): Roster => ({ users: sortedNames(p.users), admins: sortedNames(p.admins) });
const known = (v: unknown) => typeof v === "string" && !isUnknown(v);

function rosterFailures(inputs: RawInputs): CheckFailure[] {
  const out: CheckFailure[] = [];
  const lists = [inputs.users, inputs.admins];
  if (lists.some((l) => l !== undefined && !Array.isArray(l)) || lists.some((l) => Array.isArray(l) && l.some((n) => !known(n)))) return out;
  const { users, admins } = rosterOf(inputs);
  const both = users.filter((n) => admins.includes(n));
  if (both.length > 0) out.push({ property: "admins", reason: `${both.join(", ")} ${both.length === 1 ? "is" : "are"} also in users; list each name once, in users (member) or admins (administrator)` });
  if (users.length + admins.length > GROUP.maxMembers) out.push({ property: "users", reason: `${users.length + admins.length} names in users and admins; at most ${GROUP.maxMembers}` });
  return out;
}

/** The group's title for plan lines, or its id. */
async function titleOf(groupId: string): Promise<string> {
  const g = await orUndefinedIfNotFound(readGroup(portalClient(), groupId)).catch(() => undefined); // one search answers every group's read (ops/bulk.ts)
  return g ? `${shown(g.title)} (${groupId})` : groupId;
}

/** The plan: what the portal's roster becomes (a read when the group exists; a new group starts with its owner only). */
async function planOf(olds: RawInputs, inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  const want = rosterOf(inputs);
  if (!known(inputs.groupId)) return [`+ members of a new group: ${[...want.users, ...want.admins.map((n) => `${n} (admin)`)].join(", ") || "(none)"}`];
  const id = String(inputs.groupId);
  const client = portalClient();
  const held = await orUndefinedIfNotFound(heldRoster(client, id)).catch(() => undefined);
  if (!held) {
    if (isCreate(olds)) failures.push({ property: "groupId", reason: `group ${id} does not exist, or the configured user (portal:token / portal:username) cannot see it; give a Group's groupId` });
    return [];
  }
  const base = isCreate(olds) ? held : rosterOf(olds);
  const lines = rosterLines(rosterChange(base, want, held.owner), isCreate(olds) ? "+" : "~");
  const owner = [...want.users].includes(held.owner) ? [`! ${held.owner} owns the group: always an administrator, left as it is`] : [];
  const title = await titleOf(id);
  if (isCreate(olds)) return [`+ membership of group ${title}${lines.length === 0 ? ": no change" : ""}`, ...lines, ...owner];
  return [...lines, ...owner];
}

export const groupMembership: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: RawInputs, news: RawInputs) {
    const { inputs, failures } = checkByTable(GROUP_MEMBERSHIP_TABLE, news);
    // one order and no repeats: the order of names is not a change
    for (const k of ["users", "admins"]) if (Array.isArray(inputs[k]) && (inputs[k] as unknown[]).every(known)) inputs[k] = sortedNames(inputs[k]);
    // a refresh reads an empty list back for an unset one (the same roster): not `- admins: []` noise
    const noneHeld = (v: unknown) => Array.isArray(v) && v.length === 0;
    if (failures.length === 0) carryHeldWhenUnset(GROUP_MEMBERSHIP_TABLE, olds, inputs, { users: noneHeld, admins: noneHeld });
    failures.push(...rosterFailures(inputs));
    const lines = failures.length === 0 ? await planOf(olds ?? {}, inputs, failures) : [];
    const planned = withPlan(inputs, lines);
    return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
  },

  async diff(_id: string, olds: RawInputs, news: RawInputs) {
    assertReadableState(olds, "GroupMembership");
    const { changes, replaces } = diffByTable(GROUP_MEMBERSHIP_TABLE, { ...olds, ...rosterOf(olds) }, { ...news, ...rosterOf(news) });
    if (replaces.length > 0) rememberReplaced(news.__urn, olds);
    return { changes, replaces };
  },

  async create(inputs: RawInputs) {
    const id = String(inputs.groupId);
    const client = portalClient();
    const held = await heldRoster(client, id);
    const change = rosterChange(held, rosterOf(inputs), held.owner);
    if (!isEmptyChange(change)) await applyRoster(client, id, await titleOf(id), change);
    return { id, outs: { ...outsOf(inputs), owner: held.owner } };
  },

  async read(id: string, props: RawInputs) {
    freshReads(`GroupMembership ${id}`); // a refresh asks the portal, shared within the refresh (machinery/client.ts)
    assertReadableState(props, "GroupMembership");
    const client = portalClient();
    const reading = orUndefinedIfNotFound(heldRoster(client, id));
    // the memberships of the other groups read in this refresh come next: their rosters are read ahead (ops/bulk.ts)
    void prefetchRosters(client, () => readInThisRefresh("Group").filter((g) => g !== id));
    const held = await reading;
    if (!held) return {};
    const inputs: RawInputs = { groupId: id, users: held.users, admins: held.admins, schemaVersion: STATE_LAYOUT_VERSION };
    if (props.__urn !== undefined) inputs.__urn = props.__urn;
    return { id, props: { ...inputs, owner: held.owner }, inputs };
  },

  async update(id: string, olds: RawInputs, news: RawInputs) {
    const client = portalClient();
    const held = await heldRoster(client, id);
    const change = rosterChange(held, rosterOf(news), held.owner);
    if (!isEmptyChange(change)) await applyRoster(client, id, await titleOf(id), change);
    return { outs: { ...outsOf(news), owner: held.owner } };
  },

  async delete(id: string, props: RawInputs) {
    const client = portalClient();
    try {
      const held = await heldRoster(client, id);
      const listed = new Set([...rosterOf(props).users, ...rosterOf(props).admins]);
      const change = rosterChange(held, { users: held.users.filter((n) => !listed.has(n)), admins: held.admins.filter((n) => !listed.has(n)) }, held.owner);
      if (!isEmptyChange(change)) await applyRoster(client, id, id, change);
    } catch (e) {
      if (isNotFound(e)) return; // the group is gone: so are its members
      throw e;
    }
  },
};

function outsOf(inputs: RawInputs): RawInputs {
  const out: RawInputs = { groupId: inputs.groupId, users: rosterOf(inputs).users, admins: rosterOf(inputs).admins, schemaVersion: STATE_LAYOUT_VERSION };
  if (inputs.__urn !== undefined) out.__urn = inputs.__urn;
  return out;
}
