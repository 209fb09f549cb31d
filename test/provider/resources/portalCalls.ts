// Direct HTTP calls to the emulator for the resource tests: what "someone in the web UI" does out
// of band, and what a test reads back to prove the portal state. Plain fetch, no provider code.
export interface Emulator {
  sharingUrl: string;
  controlUrl: string;
  tokens: Record<string, string>;
}

/** POSTs a form to the sharing API as `user` and returns the JSON (throws on an error envelope). */
export async function portalPost(emu: Emulator, user: string, path: string, fields: Record<string, string> = {}): Promise<any> {
  const body = new URLSearchParams({ f: "json", token: emu.tokens[user], ...fields });
  const res = await fetch(`${emu.sharingUrl}/${path}`, { method: "POST", body });
  const json: any = await res.json();
  if (json?.error) throw new Error(`${path}: ${JSON.stringify(json.error)}`);
  return json;
}

/** GETs from the sharing API as `user`. */
export async function portalGet(emu: Emulator, user: string, path: string): Promise<any> {
  const res = await fetch(`${emu.sharingUrl}/${path}?f=json&token=${encodeURIComponent(emu.tokens[user])}`);
  return res.json();
}

/** spec.md#add-item: adds a Web Map item owned by `user` and returns its id. */
export async function addWebMap(emu: Emulator, user: string, title: string): Promise<string> {
  const r = await portalPost(emu, user, `content/users/${user}/addItem`, { title, type: "Web Map", text: JSON.stringify({ operationalLayers: [] }) });
  return r.id;
}

/** The org of `user`'s token (portals/self). */
export async function orgOf(emu: Emulator, user: string): Promise<string> {
  return (await portalGet(emu, user, "portals/self")).id;
}

export async function contentSchemaOf(emu: Emulator, user: string): Promise<any[]> {
  return (await portalGet(emu, user, `portals/${await orgOf(emu, user)}/categorySchema`)).categorySchema;
}

export async function memberSchemaOf(emu: Emulator, user: string): Promise<any[]> {
  return (await portalGet(emu, user, `portals/${await orgOf(emu, user)}/memberCategorySchema`)).memberCategorySchema;
}

export async function contentStatusOf(emu: Emulator, user: string, itemId: string): Promise<string | undefined> {
  return (await portalGet(emu, user, `content/items/${itemId}`)).contentStatus;
}

/** The emulator's request log (control plane). */
export async function requestLog(emu: Emulator): Promise<{ method: string; path: string; operation?: string }[]> {
  return ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as any).requests;
}

/** The log without the preview's one connection read (`GET portals/self`, issue 29): what a check sent beyond it. */
export function beyondConnectionRead<T extends { method: string; path: string }>(log: T[]): T[] {
  return log.filter((q) => !(q.method === "GET" && q.path.split("?")[0].endsWith("/portals/self")));
}

export async function clearRequestLog(emu: Emulator): Promise<void> {
  await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
}

/** Control plane: the org flags of spec.md#status-transitions (public, identityVerified). */
export async function setOrgFlags(emu: Emulator, orgId: string, flags: { public?: boolean; identityVerified?: boolean }): Promise<any> {
  const res = await fetch(`${emu.controlUrl}/orgs/${orgId}/flags`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(flags) });
  return res.json();
}
