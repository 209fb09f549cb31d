// Role (docs/resources/role.md; docs/fidelity.md#members): a custom role as code. The id is the
// role id. A change of privileges is an update with `+`/`-` privilege lines; delete is refused
// while members hold the role, naming them.
import type * as pulumi from "@pulumi/pulumi";
import { createRole, deleteRole, getRole, listMembers, listRoles, setRolePrivileges, updateRole } from "../../ops";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { configurePortal, freshReads, portalClient } from "../machinery/client";
import { shown, withoutPlan, withPlan } from "../machinery/plan";
import { assertReadableState, STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { checkByTable, diffByTable, isCreate } from "../machinery/tableResource";
import { definedOnly } from "../machinery/definedOnly";
import { ROLE_TABLE } from "./table";

const sorted = (v: unknown): string[] => (Array.isArray(v) ? [...new Set(v.map(String))].sort() : []);

/** `+ privilege x` / `- privilege y` between two lists. */
export function privilegeLines(before: unknown, after: unknown): string[] {
  const [b, a] = [sorted(before), sorted(after)];
  return [...a.filter((p) => !b.includes(p)).map((p) => `+ privilege ${p}`), ...b.filter((p) => !a.includes(p)).map((p) => `- privilege ${p}`)];
}

function updateLines(olds: RawInputs, news: RawInputs): string[] {
  const lines: string[] = [];
  if (olds.name !== news.name) lines.push(`~ name: ${shown(olds.name)} → ${shown(news.name)}`);
  if ((olds.description ?? "") !== (news.description ?? "")) lines.push(`~ description: ${shown(olds.description)} → ${shown(news.description)}`);
  return [...lines, ...(isUnknown(news.privileges) ? ["~ privileges: [unknown]"] : privilegeLines(olds.privileges, news.privileges))];
}

async function nameTaken(inputs: RawInputs, failures: CheckFailure[], ownId?: string): Promise<void> {
  if (typeof inputs.name !== "string" || isUnknown(inputs.name)) return;
  const name = inputs.name.toLowerCase();
  const taken = (await listRoles(portalClient())).find((r) => r.name.toLowerCase() === name && r.id !== ownId);
  if (taken) failures.push({ property: "name", reason: `the organization already has a role named ${JSON.stringify(taken.name)} (${taken.id}); role names are unique` });
}

/** The members holding a role (portals/<id>/users). */
export async function holders(roleId: string): Promise<string[]> {
  return (await listMembers(portalClient())).filter((u) => u.roleId === roleId).map((u) => u.username).sort();
}

/** The role to adopt as the state would hold it, or undefined when the organization has none. */
async function heldRole(id: string): Promise<RawInputs | undefined> {
  const held = await getRole(portalClient(), id).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
  return held ? { name: held.name, description: held.description ?? "", privileges: sorted(held.privileges) } : undefined;
}

async function adoptPlan(inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  const id = String(inputs.adoptRoleId);
  const held = await heldRole(id);
  if (!held) {
    failures.push({ property: "adoptRoleId", reason: `the organization has no custom role ${id}` });
    return [];
  }
  await nameTaken(inputs, failures, id);
  const lines = updateLines(held, { ...inputs, description: inputs.description ?? "" });
  return [`= adopt role ${shown(held.name)} (${id})${lines.length === 0 ? ": no change" : ""}`, ...lines];
}

const outsOf = (inputs: RawInputs, id: string): RawInputs =>
  definedOnly({ ...withoutPlan(inputs), privileges: sorted(inputs.privileges), roleId: id, schemaVersion: STATE_LAYOUT_VERSION });

export const role: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: RawInputs, news: RawInputs) {
    const { inputs, failures } = checkByTable(ROLE_TABLE, news);
    if (Array.isArray(inputs.privileges) && !inputs.privileges.some(isUnknown)) inputs.privileges = sorted(inputs.privileges);
    let lines: string[] = [];
    if (failures.length === 0) {
      if (isCreate(olds) && typeof inputs.adoptRoleId === "string" && !isUnknown(inputs.adoptRoleId)) {
        lines = await adoptPlan(inputs, failures);
      } else if (isCreate(olds)) {
        await nameTaken(inputs, failures);
        const n = Array.isArray(inputs.privileges) ? inputs.privileges.length : 0;
        lines = [`+ role ${shown(inputs.name)} with ${n} privilege${n === 1 ? "" : "s"}`, ...privilegeLines([], inputs.privileges)];
      } else {
        if (olds.name !== inputs.name) await nameTaken(inputs, failures, typeof olds.roleId === "string" ? olds.roleId : undefined);
        lines = updateLines(olds, inputs);
      }
    }
    const planned = withPlan(inputs, lines);
    return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
  },

  async diff(_id: string, olds: RawInputs, news: RawInputs) {
    assertReadableState(olds, "Role");
    const o = { ...olds, privileges: sorted(olds.privileges) };
    const n = { ...news, privileges: isUnknown(news.privileges) ? news.privileges : sorted(news.privileges) };
    return diffByTable(ROLE_TABLE, o, n);
  },

  async create(inputs: RawInputs) {
    const client = portalClient();
    if (typeof inputs.adoptRoleId === "string") {
      const id = inputs.adoptRoleId;
      const held = await heldRole(id);
      if (!held) throw new Error(`Role: the organization has no custom role ${id} to adopt.`);
      await role.update!(id, held, { ...inputs, description: inputs.description ?? "" });
      return { id, outs: outsOf(inputs, id) };
    }
    const made = await createRole(client, String(inputs.name), String(inputs.description ?? ""));
    await setRolePrivileges(client, made.id, sorted(inputs.privileges));
    return { id: made.id, outs: outsOf(inputs, made.id) };
  },

  async read(id: string, props: RawInputs) {
    freshReads(`Role ${id}`);
    assertReadableState(props, "Role");
    const held = await getRole(portalClient(), id).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
    if (!held) return {};
    const inputs: RawInputs = definedOnly({ name: held.name, description: props.description === undefined && !held.description ? undefined : held.description ?? "", privileges: sorted(held.privileges), adoptRoleId: props.adoptRoleId, schemaVersion: STATE_LAYOUT_VERSION, __urn: props.__urn });
    return { id, props: outsOf(inputs, id), inputs };
  },

  async update(id: string, olds: RawInputs, news: RawInputs) {
    const client = portalClient();
    if (olds.name !== news.name || (olds.description ?? "") !== (news.description ?? "")) await updateRole(client, id, String(news.name), String(news.description ?? ""));
    if (privilegeLines(olds.privileges, news.privileges).length > 0) await setRolePrivileges(client, id, sorted(news.privileges));
    return { outs: outsOf(news, id) };
  },

  async delete(id: string, props: RawInputs) {
    const held = await holders(id);
    if (held.length > 0) {
      const names = held.slice(0, 10).join(", ") + (held.length > 10 ? ` and ${held.length - 10} more` : "");
      throw new Error(`Role ${JSON.stringify(props.name)} (${id}) is held by ${held.length} member${held.length === 1 ? "" : "s"} (${names}): give them another role (Member.role) before deleting it.`);
    }
    try {
      await deleteRole(portalClient(), id);
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
};
