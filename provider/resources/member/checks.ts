// What a Member's preview checks before any write (docs/resources/member.md): the categories are
// nodes of the member category tree, the user type can hold the role, and the organization keeps
// an administrator.
import { closest, roleMismatch } from "../../../spec/members";
import { memberTreeShared, getRole, listMembers, listRoles, type PortalMember } from "../../ops";
import type { PortalClient } from "../../rest/client";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { declaredMemberPaths, memberTreePaths } from "../machinery/declaredTrees";
import type { RawInputs } from "../machinery/state";
import { BUILT_IN_ROLES } from "../../../spec/members";
import { heldRole, roleName } from "./values";

/** Members this process has planned to stop being administrators (several in one preview). */
const leavingAdmins = new Set<string>();

export async function checkCategories(client: PortalClient, paths: unknown, failures: CheckFailure[]): Promise<void> {
  if (!Array.isArray(paths) || paths.length === 0 || paths.some(isUnknown)) return;
  const declared = declaredMemberPaths();
  const tree = declared ?? memberTreePaths((await memberTreeShared(client)) as Array<{ title: string }>);
  const where = declared ? "the MemberCategorySchema of this deployment" : "the organization's member category tree";
  const known = new Set(tree);
  paths.forEach((p: string, i) => {
    if (known.has(p)) return;
    const near = closest(p, tree);
    failures.push({ property: `categories[${i}]`, reason: `${JSON.stringify(p)} is not in ${where}${near ? `; the closest is ${JSON.stringify(near)}` : " (it has no categories)"}` });
  });
}

/** Custom role names by id, read once per check that needs them. */
export async function customRoleNames(client: PortalClient, ...roles: unknown[]): Promise<Map<string, string>> {
  const custom = roles.some((r) => typeof r === "string" && !isUnknown(r) && !(r in BUILT_IN_ROLES));
  return new Map(custom ? (await listRoles(client)).map((r) => [r.id, r.name]) : []);
}

export async function checkRoleFits(client: PortalClient, username: string, userType: unknown, role: unknown, names: Map<string, string>, failures: CheckFailure[]): Promise<void> {
  if (typeof userType !== "string" || typeof role !== "string" || isUnknown(userType) || isUnknown(role)) return;
  if (!(role in BUILT_IN_ROLES) && !names.has(role)) {
    failures.push({ property: "role", reason: `${JSON.stringify(role)} is neither a built-in role (${Object.keys(BUILT_IN_ROLES).join(", ")}) nor a custom role of the organization` });
    return;
  }
  const privileges = role in BUILT_IN_ROLES ? [] : (await getRole(client, role)).privileges;
  const why = roleMismatch(userType, role, privileges);
  if (why) failures.push({ property: "role", reason: `${username}: ${why.replace(role, roleName(role, names))}` });
}

const isAdmin = (u: PortalMember) => heldRole(u) === "org_admin" && u.disabled !== true;

/** A change that takes the last enabled administrator's role or enables nothing fails. */
export async function checkAdmins(client: PortalClient, held: PortalMember, inputs: RawInputs, failures: CheckFailure[]): Promise<void> {
  if (!isAdmin(held)) return;
  const role = inputs.role ?? heldRole(held);
  if (isUnknown(role)) return;
  const stays = role === "org_admin" && inputs.disabled !== true;
  if (stays) return;
  leavingAdmins.add(held.username);
  const others = (await listMembers(client)).filter((u) => isAdmin(u) && !leavingAdmins.has(u.username));
  if (others.length === 0) {
    const change = inputs.disabled === true ? "disabling" : `the role ${roleName(role, new Map())}`;
    failures.push({ property: inputs.disabled === true ? "disabled" : "role", reason: `${held.username} is the organization's last administrator: ${change} would leave it without one` });
  }
}
