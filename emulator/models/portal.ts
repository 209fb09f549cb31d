// The emulator's whole state, rebuilt from the fixtures by reset: the directory (orgs, users,
// tokens), items, category schemas, relationships, pending async adds and URL-report jobs.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Caller, EmulatorUser } from "../host";
import type { Fixtures } from "../fixtures";
import { Directory } from "./directory";
import { OAuth } from "./oauth";
import { ItemStore } from "./items";
import { Relationships } from "./relationships";
import { Groups, isMember } from "./groups";
import { Folders } from "./folders";
import type { CategoryNode } from "./categories";
import { compareReleases, GROUP } from "../../spec/limits";
import type { UrlReportJob } from "./urlReports";
import { Roles } from "./roles";

/** spec.md#async-add: an async add whose item does not exist yet (dataUrl: "all parts before the item exists"). */
export interface PendingAdd {
  id: string;
  owner: string;
  status: "processing" | "failed";
  statusMessage: string;
}

export class Portal {
  readonly directory: Directory;
  readonly oauth: OAuth;
  readonly items: ItemStore;
  readonly relationships = new Relationships();
  readonly groups = new Groups();
  readonly folders = new Folders();
  readonly categorySchemas = new Map<string, CategoryNode[]>();
  readonly memberCategorySchemas = new Map<string, CategoryNode[]>();
  /** spec.md#assign-member-category-schema: username → the member's category paths (at most 20). */
  readonly userCategories = new Map<string, string[]>();
  /** Custom roles (models/roles.ts), by id. */
  readonly roles = new Roles();
  readonly pendingAdds = new Map<string, PendingAdd>();
  readonly urlReportJobs = new Map<string, UrlReportJob>();
  /** spec.md#service-proxy-filter: proxy hits per item in the current interval. */
  readonly proxyHits = new Map<string, { windowStart: number; hits: number }>();
  readonly vendor: string;

  constructor(
    readonly fixtures: Fixtures,
    readonly dataDir: string,
    readonly release: string,
  ) {
    this.directory = new Directory(fixtures);
    this.oauth = new OAuth(this.directory, fixtures.orgs);
    fs.rmSync(path.join(dataDir, "items"), { recursive: true, force: true });
    this.items = new ItemStore(path.join(dataDir, "items"));
    this.items.isGroupMember = (groupId, username) => {
      const g = this.groups.byId.get(groupId);
      return g !== undefined && isMember(g, username);
    };
    this.vendor = (fixtures.vendor ?? "esri").toLowerCase();
    for (const org of fixtures.orgs) {
      for (const u of org.users) for (const f of u.folders ?? []) this.folders.create(u.username, f.title, f.id);
      for (const u of org.users) if (u.categories) this.userCategories.set(u.username, [...u.categories]);
      for (const g of org.groups ?? []) {
        const made = this.groups.create(g.owner, org.id, { title: g.title, access: g.access ?? "org", isInvitationOnly: g.isInvitationOnly, isViewOnly: g.isViewOnly }, g.sharedUpdate ? [GROUP.sharedUpdateCapability] : [], g.id);
        for (const n of g.members ?? []) made.users.add(n);
        for (const n of g.admins ?? []) made.admins.add(n);
      }
      if (org.categorySchema) this.categorySchemas.set(org.id, org.categorySchema as CategoryNode[]);
      if (org.memberCategorySchema) this.memberCategorySchemas.set(org.id, org.memberCategorySchema as CategoryNode[]);
    }
  }

  releaseAtLeast(release: string): boolean {
    return compareReleases(this.release, release) >= 0;
  }

  /** Administrator of the org's content (the item rules of spec.md#authentication). */
  readonly administers = (caller: Caller, orgId: string): boolean => this.directory.administers(caller.user, orgId);

  isOrgAdmin(user: EmulatorUser): boolean {
    return this.directory.isOrgAdmin(user);
  }

  /** True when an id is taken by an item or a pending async add (itemIdToCreate uniqueness). */
  idTaken(id: string): boolean {
    const lower = id.toLowerCase();
    for (const k of [...this.items.items.keys(), ...this.pendingAdds.keys()]) if (k.toLowerCase() === lower) return true;
    return false;
  }
}
