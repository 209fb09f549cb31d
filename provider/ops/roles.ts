// Custom roles (docs/fidelity.md#members): REST "Create Role" (name, description), "Roles", "Role",
// "Update Role", "Set Privileges" (`privileges` = `{"privileges":[…]}`), "Privileges", "Delete Role".
import type { PortalClient } from "../rest/client";
import { seg } from "../rest/url";
import { portalPath } from "./paths";

export interface PortalRole {
  id: string;
  name: string;
  description?: string;
}


export async function createRole(client: PortalClient, name: string, description: string): Promise<{ id: string }> {
  return client.request("createRole", await portalPath(client, "createRole"), { name, description }, { safeToRetry: false });
}

export async function listRoles(client: PortalClient): Promise<PortalRole[]> {
  const out: PortalRole[] = [];
  for (let start = 1; start > 0; ) {
    const page = await client.request("roles", await portalPath(client, "roles"), { start, num: 100 }, { method: "GET", cache: true });
    out.push(...((page?.roles ?? []) as PortalRole[]));
    start = typeof page?.nextStart === "number" ? page.nextStart : -1;
  }
  return out;
}

export async function getRole(client: PortalClient, id: string): Promise<PortalRole & { privileges: string[] }> {
  const role = await client.request("role", await portalPath(client, `roles/${seg(id)}`), {}, { method: "GET" });
  const p = await client.request("rolePrivileges", await portalPath(client, `roles/${seg(id)}/privileges`), {}, { method: "GET" });
  return { ...role, privileges: Array.isArray(p?.privileges) ? p.privileges : [] };
}

export async function updateRole(client: PortalClient, id: string, name: string, description: string): Promise<unknown> {
  return client.request("updateRole", await portalPath(client, `roles/${seg(id)}/update`), { name, description }, { safeToRetry: true });
}

export async function setRolePrivileges(client: PortalClient, id: string, privileges: string[]): Promise<unknown> {
  const body = { privileges: JSON.stringify({ privileges }) };
  return client.request("setPrivileges", await portalPath(client, `roles/${seg(id)}/setPrivileges`), body, { safeToRetry: true });
}

export async function deleteRole(client: PortalClient, id: string): Promise<unknown> {
  return client.request("deleteRole", await portalPath(client, `roles/${seg(id)}/delete`), {}, { safeToRetry: true });
}
