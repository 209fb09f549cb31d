// Folder (docs/resources/folder.md; docs/fidelity.md#folders): a user's content folder as code. The
// id is the folder id; a new title is a rename (same id, same items); another owner replaces. The
// portal's folder delete deletes the items in it, so delete first moves any item still there to
// the owner's root folder: removing a Folder never removes an item.
import type * as pulumi from "@pulumi/pulumi";
import { createFolder, deleteFolder, findFolder, folderItems, listFolders, LISTING_PAGE, moveItem, renameFolder, userContentPage, type PortalFolder } from "../../ops/folders";
import { readAheadFolderPages } from "../../ops/bulk";
import type { PortalClient } from "../../rest/client";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { freshReads, configurePortal, portalClient } from "../machinery/client";
import { shown, withoutPlan, withPlan } from "../machinery/plan";
import { madeOrFound } from "../machinery/lostAnswer";
import { rememberReplaced } from "../machinery/replacing";
import { assertReadableState, STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { carryHeldWhenUnset, changeLines, checkByTable, diffByTable, isCreate } from "../machinery/tableResource";
import { FOLDER_TABLE } from "./table";
import { definedOnly } from "../machinery/definedOnly";

const known = (v: unknown): v is string => typeof v === "string" && !isUnknown(v);
const ownerOf = async (client: PortalClient, p: RawInputs) => (known(p.owner) ? p.owner : client.username());

async function createPlan(inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  const client = portalClient();
  if (inputs.owner !== undefined && !known(inputs.owner)) return [`+ folder ${shown(inputs.title)}`];
  const owner = await ownerOf(client, inputs);
  const folders = await listFolders(client, owner).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
  if (!folders) {
    failures.push({ property: "owner", reason: `user ${owner} does not exist, or the configured user (portal:token / portal:username) cannot list their content` });
    return [];
  }
  if (known(inputs.adoptFolderId)) {
    const held = folders.find((f) => f.id === inputs.adoptFolderId);
    if (!held) {
      failures.push({ property: "adoptFolderId", reason: `${owner} has no folder ${inputs.adoptFolderId}` });
      return [];
    }
    inputs.folderId = held.id;
    const rename = held.title !== inputs.title ? [`~ title: ${shown(held.title)} → ${shown(inputs.title)} (a rename: the folder keeps its id and its items)`] : [];
    return [`= adopt folder ${shown(held.title)} of ${owner} (${held.id})${rename.length === 0 ? ": no change" : ""}`, ...rename];
  }
  if (known(inputs.title)) {
    const taken = folders.find((f) => String(f.title).toLowerCase() === String(inputs.title).toLowerCase());
    if (taken) failures.push({ property: "title", reason: `${owner} already has a folder titled ${JSON.stringify(taken.title)} (${taken.id}); titles are unique per user: adopt it with adoptFolderId: "${taken.id}", or choose another title` });
  }
  return [`+ folder ${shown(inputs.title)} of ${owner}`];
}

async function outsOf(client: PortalClient, inputs: RawInputs, owner: string, folder: PortalFolder): Promise<RawInputs> {
  // the listing's first page, as the items' prefetch reads it (ops/bulk.ts): one answer for both
  const itemCount = (await userContentPage(client, owner, folder.id, 1, LISTING_PAGE).catch(() => undefined))?.total;
  return definedOnly({ ...withoutPlan(inputs), title: folder.title, owner, folderId: folder.id, itemCount, schemaVersion: STATE_LAYOUT_VERSION });
}

export const folder: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: RawInputs, news: RawInputs) {
    const { inputs, failures } = checkByTable(FOLDER_TABLE, news);
    if (failures.length === 0) carryHeldWhenUnset(FOLDER_TABLE, olds, inputs);
    let lines: string[] = [];
    if (isCreate(olds)) {
      if (failures.length === 0) lines = await createPlan(inputs, failures);
    } else {
      lines = changeLines(FOLDER_TABLE, olds, inputs, "folder").map((l) => (l.startsWith("~ title:") ? `${l} (a rename: the folder keeps its id and its items)` : l));
      // preview = apply: a renamed folder's id stays known to its items (found by the old title)
      const d = diffByTable(FOLDER_TABLE, olds, inputs);
      if (d.changes && d.replaces.length === 0) {
        const client = portalClient();
        const owner = await ownerOf(client, olds).catch(() => undefined);
        const held = owner ? (await listFolders(client, owner).catch(() => [])).find((f) => f.id === olds.adoptFolderId || f.title === olds.title) : undefined;
        if (held) inputs.folderId = held.id;
      }
    }
    const planned = withPlan(inputs, lines);
    return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
  },

  async diff(_id: string, olds: RawInputs, news: RawInputs) {
    assertReadableState(olds, "Folder");
    const { changes, replaces } = diffByTable(FOLDER_TABLE, olds, news);
    if (replaces.length > 0) rememberReplaced(news.__urn, olds);
    return { changes, replaces };
  },

  async create(inputs: RawInputs) {
    const client = portalClient();
    const owner = await ownerOf(client, inputs);
    if (known(inputs.adoptFolderId)) {
      const held = await findFolder(client, owner, inputs.adoptFolderId);
      if (!held) throw new Error(`Folder: ${owner} has no folder ${inputs.adoptFolderId} to adopt.`);
      if (held.title !== inputs.title) await renameFolder(client, owner, held.id, String(inputs.title));
      return { id: held.id, outs: await outsOf(client, inputs, owner, { ...held, title: String(inputs.title) }) };
    }
    const title = String(inputs.title);
    const r = await madeOrFound(client, () => createFolder(client, owner, title), async () => (await listFolders(client, owner)).find((f) => String(f.title).toLowerCase() === title.toLowerCase()));
    const made = "made" in r ? r.made : r.found;
    return { id: made.id, outs: await outsOf(client, inputs, owner, made) };
  },

  async read(id: string, props: RawInputs) {
    freshReads(`Folder ${id}`); // a refresh asks the portal, shared within the refresh (machinery/client.ts)
    assertReadableState(props, "Folder");
    const client = portalClient();
    const owner = String(props.owner);
    const held = await findFolder(client, owner, id).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
    if (!held) return {};
    await readAheadFolderPages(client, owner, id); // the owner's other folders' first pages, ahead (ops/readAhead.ts)
    const inputs: RawInputs = { title: held.title, schemaVersion: STATE_LAYOUT_VERSION };
    for (const k of ["owner", "adoptFolderId", "__urn"]) if (props[k] !== undefined) inputs[k] = props[k];
    return { id, props: await outsOf(client, inputs, owner, held), inputs };
  },

  async update(id: string, olds: RawInputs, news: RawInputs) {
    const client = portalClient();
    const owner = String(olds.owner);
    if (news.title !== olds.title) await renameFolder(client, owner, id, String(news.title));
    return { outs: await outsOf(client, news, owner, { id, title: String(news.title) }) };
  },

  async delete(id: string, props: RawInputs) {
    const client = portalClient();
    const owner = String(props.owner);
    try {
      // the portal deletes a folder's items with it: what is still there goes to the root first
      const left = await folderItems(client, owner, id);
      for (const item of left) await moveItem(client, { owner, itemId: item.id, folder: id }, undefined);
      if (left.length > 0) process.stderr.write(`Folder ${JSON.stringify(props.title)}: moved ${left.length} item(s) it still held to ${owner}'s root folder before deleting it: ${left.map((i) => i.id).join(", ")}\n`);
      await deleteFolder(client, owner, id);
    } catch (e) {
      if (isNotFound(e)) return; // gone is done
      throw e;
    }
  },
};
