// Portal items: the record, the store (files under <dataDir>/items/<id>/) and who may read or
// change an item (spec.md#authentication).
import * as fs from "node:fs";
import * as path from "node:path";
import { randomBytes } from "node:crypto";
import type { ContentStatus } from "../../spec/limits";
import type { Caller, HostItem } from "../host";
import { notFound, portalError } from "../errors";

export type ItemAccess = "private" | "shared" | "org" | "public";
/** spec.md#gap-multipart item status: partial = multipart add not yet committed. */
export type AddStatus = "partial" | "processing" | "completed" | "failed";

export interface Item extends HostItem {
  folder: string | null;
  typeKeywords: string[];
  description: string;
  tags: string[];
  snippet: string;
  text?: string;
  size: number;
  extent: number[][];
  categories: string[];
  access: ItemAccess;
  groups: string[];
  /** Explicit delete protection (protect/unprotect). */
  protectedFlag: boolean;
  contentStatus?: ContentStatus;
  created: number;
  modified: number;
  culture?: string;
  licenseInfo?: string;
  accessInformation?: string;
  properties?: unknown;
  advancedSettings?: unknown;
  listingProperties?: unknown;
  classification?: Record<string, string>;
  appCategories: string[];
  industries: string[];
  languages: string[];
  screenshots: string[];
  largeThumbnail?: string;
  banner?: string;
  /** "thumbnail/<name>" under the info path, as the public API names it. */
  thumbnail?: string;
  metadataFile?: string;
  serviceProxyFilter?: { hitsPerInterval?: number; intervalSeconds: number; referrers: string[] };
  serviceProxyParams?: unknown;
  serviceUsername?: string;
  /** Never rendered or logged. */
  servicePassword?: string;
  serviceCredentialsType?: string;
  /** spec.md#item-fields name, when sent; otherwise the view shows the stored file's name. */
  name?: string;
  addStatus: AddStatus;
  statusMessage: string;
  /** An update in multipart mode not yet committed: the file name its parts will be stored under. */
  partialUpdate?: { fileName: string };
}

export function newItemId(): string {
  return randomBytes(16).toString("hex");
}

/** spec.md#item-status: authoritative items are protected from deletion automatically. */
export function isProtected(item: Item): boolean {
  return item.protectedFlag || item.contentStatus === "org_authoritative" || item.contentStatus === "public_authoritative";
}

export class ItemStore {
  /** Every item by id. Add, remove and change an owner through the store, which keeps its indexes. */
  readonly items = new Map<string, Item>();
  /** Items by owner (lowercased, as search compares it), in the order they were added or given. */
  private readonly owned = new Map<string, Map<string, Item>>();
  /** Items by lowercased id (search's `id:` compares case-insensitively). */
  private readonly byLowerId = new Map<string, Item>();
  /** Set by the Portal: whether `username` is a member of the group (an item shared with it is readable to its members). */
  isGroupMember: (groupId: string, username: string) => boolean = () => false;

  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  dirOf(id: string): string {
    return path.join(this.root, id);
  }

  add(item: Item): Item {
    fs.mkdirSync(this.dirOf(item.id), { recursive: true });
    this.items.set(item.id, item);
    this.byLowerId.set(item.id.toLowerCase(), item);
    this.own(item);
    return item;
  }

  remove(id: string): void {
    const item = this.items.get(id);
    this.items.delete(id);
    if (item) {
      this.byLowerId.delete(id.toLowerCase());
      this.disown(item);
    }
    fs.rmSync(this.dirOf(id), { recursive: true, force: true });
  }

  /** Gives the item to `owner` (reassign). */
  setOwner(item: Item, owner: string): void {
    this.disown(item);
    item.owner = owner;
    this.own(item);
  }

  private own(item: Item): void {
    const key = item.owner.toLowerCase();
    let mine = this.owned.get(key);
    if (!mine) this.owned.set(key, (mine = new Map()));
    mine.set(item.id, item);
  }

  private disown(item: Item): void {
    const key = item.owner.toLowerCase();
    const mine = this.owned.get(key);
    mine?.delete(item.id);
    if (mine?.size === 0) this.owned.delete(key);
  }

  /** The item whose id is `id` in any case. */
  byIdAnyCase(id: string): Item | undefined {
    return this.byLowerId.get(id.toLowerCase());
  }

  /** spec.md#errors: 404 for an item that does not exist or that the caller cannot see. */
  readable(id: string, caller: Caller | undefined, administers: (c: Caller, orgId: string) => boolean): Item {
    const item = this.items.get(id);
    if (!item || item.addStatus === "partial" || !this.canRead(item, caller, administers)) throw notFound();
    return item;
  }

  /** Public items to all; the owner and the org's administrators; the org for org items; a group's members for items shared with it. */
  canRead(item: Item, caller: Caller | undefined, administers: (c: Caller, orgId: string) => boolean): boolean {
    if (item.access === "public") return true;
    if (!caller) return false;
    if (item.owner === caller.user.username || administers(caller, item.orgId)) return true;
    if (caller.org.id === item.orgId && item.access === "org") return true;
    return item.groups.some((g) => this.isGroupMember(g, caller.user.username));
  }

  /** The owner or an administrator of the item's org may change it; others get 403. */
  writable(id: string, caller: Caller, administers: (c: Caller, orgId: string) => boolean): Item {
    const item = this.items.get(id);
    if (!item || !this.canRead(item, caller, administers)) throw notFound();
    if (item.owner !== caller.user.username && !administers(caller, item.orgId)) {
      throw portalError("GWM_0003");
    }
    return item;
  }

  /** The items of `owner` (exactly as spelled), from the owner index: no scan of the others. */
  byOwner(owner: string): Item[] {
    return this.ownedAnyCase(owner).filter((i) => i.owner === owner);
  }

  /** The items whose owner is `owner` in any case (search's `owner:`). */
  ownedAnyCase(owner: string): Item[] {
    return [...(this.owned.get(owner.toLowerCase())?.values() ?? [])];
  }
}
