// The Folder, Group and GroupMembership lines of an exported program (issue 23): each adopts what
// exists (adoptFolderId / adoptGroupId, retained on delete), and items point at them by resource
// (`folder: drafts.folderId`, `sharing: { groups: [fieldCrews.groupId] }`), not by id.
import type { ExportedFolder, ExportedGroup } from "./readGroups";

const q = JSON.stringify;
const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

export function folderLines(f: ExportedFolder, ident: string): string[] {
  return [`// folder ${q(f.title)} of ${f.owner} (${f.id})`, `const ${ident} = new portal.Folder(${q(f.name)}, { adoptFolderId: ${q(f.id)}, owner: ${q(f.owner)}, title: ${q(f.title)} }, adopted);`];
}

export function groupLines(e: ExportedGroup, ident: string): string[] {
  const g = e.group;
  const args: string[] = [];
  const arg = (k: string, code: string) => args.push(`  ${k}: ${code},`);
  arg("adoptGroupId", q(g.id));
  arg("title", q(g.title));
  arg("access", q(g.access ?? "private"));
  for (const k of ["description", "snippet"] as const) if (!blank(g[k])) arg(k, q(g[k]));
  if (Array.isArray(g.tags) && g.tags.length > 0) arg("tags", `[${g.tags.map((t) => q(t)).join(", ")}]`);
  for (const k of ["isInvitationOnly", "isViewOnly"] as const) if (g[k] === true) arg(k, "true");
  for (const k of ["sortField", "sortOrder"] as const) if (!blank(g[k])) arg(k, q(g[k]));
  const caps = Array.isArray(g.capabilities) ? g.capabilities : String(g.capabilities ?? "").split(",");
  if (caps.includes("updateitemcontrol")) arg("sharedUpdate", "true");
  if (g.protected === true) arg("protected", "true");
  const lines = [`// group ${q(g.title)} (${g.access}), owner ${g.owner}, ${g.id}`, `const ${ident} = new portal.Group(${q(e.name)}, {`, ...args, "}, adopted);"];
  const list = (names: string[]) => `[${names.map((n) => q(n)).join(", ")}]`;
  lines.push(`new portal.GroupMembership(${q(`${e.name}-members`)}, { groupId: ${ident}.groupId, users: ${list(e.users)}, admins: ${list(e.admins)} }, adopted);`);
  return lines;
}

/** An item's `folder` argument: the Folder's output when exported, else the id. */
export function folderArg(folderId: unknown, folders: Map<string, string>): string | undefined {
  if (blank(folderId)) return undefined;
  const ident = folders.get(String(folderId));
  return ident ? `${ident}.folderId` : q(folderId);
}

/** An item's `sharing` argument: its access, and its groups by `byId` (the code of each exported group's id; by id when not exported). */
export function sharingArg(access: unknown, groups: string[] | undefined, byId: Map<string, string>): string | undefined {
  const level = access === "public" || access === "org" ? access : access === "private" || access === "shared" ? "private" : undefined;
  if (level === undefined) return undefined;
  if (groups === undefined) return `{ access: ${q(level)} }`;
  const refs = groups.map((g) => byId.get(g) ?? q(g));
  return `{ access: ${q(level)}, groups: [${refs.join(", ")}] }`;
}
