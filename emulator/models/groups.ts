// Groups (docs/dev/fidelity.md#groups; REST group, create-group, update-group, group-users): the
// record, who may see and administer a group, its membership (the owner is always an
// administrator), and the public JSON of a group. Models take plain values; routes/groups.ts parses.
import { randomBytes } from "node:crypto";
import { GROUP } from "../../spec/limits";
import type { GroupWireFields } from "../../spec/groups";
import { badRequest } from "../errors";
import type { Caller } from "../host";

export type GroupAccess = (typeof GROUP.accessValues)[number];

export interface GroupRecord {
  id: string;
  title: string;
  owner: string;
  orgId: string;
  description: string;
  snippet: string;
  tags: string[];
  access: GroupAccess;
  isInvitationOnly: boolean;
  isViewOnly: boolean;
  sortField: string;
  sortOrder: string;
  capabilities: string[];
  protected: boolean;
  /** The thumbnail's file name under the group's info folder. */
  thumbnail?: string;
  created: number;
  modified: number;
  /** Administrators, the owner among them. */
  admins: Set<string>;
  /** Plain members. */
  users: Set<string>;
}

/** The fields createGroup and update take, parsed (spec/groups.ts). */
export type GroupFields = GroupWireFields;

/** Checks the fields against the public API's lists and our limits (spec/limits.ts GROUP). */
export function checkGroupFields(f: GroupFields): void {
  if (f.title !== undefined) {
    if (f.title.trim() === "") throw badRequest("'title' is required: the group's title.");
    if (f.title.length > GROUP.maxTitleLength) throw badRequest(`'title' has ${f.title.length} characters; at most ${GROUP.maxTitleLength}.`);
  }
  if (f.access !== undefined && !(GROUP.accessValues as readonly string[]).includes(f.access)) throw badRequest(`'access' must be one of ${GROUP.accessValues.join(", ")}; got ${JSON.stringify(f.access.slice(0, 40))}.`);
  if (f.snippet !== undefined && f.snippet.length > GROUP.maxSnippetLength) throw badRequest(`'snippet' has ${f.snippet.length} characters; at most ${GROUP.maxSnippetLength}.`);
  if (f.description !== undefined && Buffer.byteLength(f.description) >= GROUP.maxDescriptionBytesExclusive) throw badRequest("'description' must be less than 64 KB.");
  if (f.sortField !== undefined && f.sortField !== "" && !(GROUP.sortFields as readonly string[]).includes(f.sortField)) throw badRequest(`'sortField' must be one of ${GROUP.sortFields.join(", ")}.`);
  if (f.sortOrder !== undefined && f.sortOrder !== "" && !(GROUP.sortOrders as readonly string[]).includes(f.sortOrder)) throw badRequest("'sortOrder' must be asc or desc.");
}

export class Groups {
  readonly byId = new Map<string, GroupRecord>();

  create(owner: string, orgId: string, f: GroupFields & { title: string }, capabilities: string[], id?: string): GroupRecord {
    const now = Date.now();
    const g: GroupRecord = {
      id: id ?? randomBytes(16).toString("hex"),
      title: f.title,
      owner,
      orgId,
      description: f.description ?? "",
      snippet: f.snippet ?? "",
      tags: f.tags ?? [],
      access: (f.access as GroupAccess | undefined) ?? "private",
      isInvitationOnly: f.isInvitationOnly ?? false,
      isViewOnly: f.isViewOnly ?? false,
      sortField: f.sortField || "title",
      sortOrder: f.sortOrder || "asc",
      capabilities,
      protected: false,
      created: now,
      modified: now,
      admins: new Set([owner]),
      users: new Set(),
    };
    this.byId.set(g.id, g);
    return g;
  }

  /** The owner's group with this title (case-insensitive): titles are unique per owner. */
  titled(owner: string, title: string): GroupRecord | undefined {
    return [...this.byId.values()].find((g) => g.owner === owner && g.title.toLowerCase() === title.toLowerCase());
  }

  ofMember(username: string): GroupRecord[] {
    return [...this.byId.values()].filter((g) => isMember(g, username));
  }
}

export const isMember = (g: GroupRecord, username: string) => g.admins.has(username) || g.users.has(username);

export function memberType(g: GroupRecord, username: string): "owner" | "admin" | "member" | "none" {
  if (g.owner === username) return "owner";
  if (g.admins.has(username)) return "admin";
  return g.users.has(username) ? "member" : "none";
}

/** REST group: a private group is seen by its members (and the org's administrators), an org group by the org, a public one by all. */
export function canSee(g: GroupRecord, caller: Caller | undefined, orgAdmin: boolean): boolean {
  if (g.access === "public") return true;
  if (!caller) return false;
  if (isMember(g, caller.user.username) || (orgAdmin && caller.org.id === g.orgId)) return true;
  return g.access === "org" && caller.org.id === g.orgId;
}

/** Its owner and administrators, and the organization's administrators, administer a group. */
export const administers = (g: GroupRecord, caller: Caller, orgAdmin: boolean) => g.admins.has(caller.user.username) || (orgAdmin && caller.org.id === g.orgId);

/** The group as `community/groups/<id>` answers it. */
export function groupView(g: GroupRecord, caller?: Caller): Record<string, unknown> {
  return {
    id: g.id,
    title: g.title,
    isInvitationOnly: g.isInvitationOnly,
    owner: g.owner,
    description: g.description === "" ? null : g.description,
    snippet: g.snippet === "" ? null : g.snippet,
    tags: g.tags,
    typeKeywords: [],
    phone: null,
    sortField: g.sortField,
    sortOrder: g.sortOrder,
    isViewOnly: g.isViewOnly,
    isFav: false,
    thumbnail: g.thumbnail ?? null,
    created: g.created,
    modified: g.modified,
    access: g.access,
    capabilities: g.capabilities,
    isReadOnly: false,
    protected: g.protected,
    autoJoin: false,
    notificationsEnabled: false,
    provider: null,
    providerGroupName: null,
    leavingDisallowed: false,
    hiddenMembers: false,
    displaySettings: { itemTypes: "" },
    orgId: g.orgId,
    properties: null,
    ...(caller ? { userMembership: { username: caller.user.username, memberType: memberType(g, caller.user.username), applications: 0 } } : {}),
  };
}
