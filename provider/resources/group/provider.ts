// Group (docs/resources/group.md; docs/fidelity.md#groups): a portal group as code. The id is the
// group id; a new title is a rename (update, same id); only `sharedUpdate` (set by the portal at
// create only) and `adoptGroupId` replace. Delete treats not-found as done; read treats it as gone.
import type * as pulumi from "@pulumi/pulumi";
import { ITEM } from "../../../spec/limits";
import { readAheadGroupCounts, readGroup } from "../../ops/bulk";
import { createGroup, deleteGroup, getGroup, protectGroup, searchGroups, type PortalGroup } from "../../ops/groups";
import type { PortalClient } from "../../rest/client";
import { isNotFound, orUndefinedIfNotFound, PortalError } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import { freshReads, configurePortal, portalClient } from "../machinery/client";
import { shown, withPlan } from "../machinery/plan";
import { fileFacts } from "../machinery/localFile";
import { madeOrFound } from "../machinery/lostAnswer";
import { rememberReplaced } from "../machinery/replacing";
import { assertReadableState, type RawInputs } from "../machinery/state";
import { carryHeldWhenUnset, changeLines, checkByTable, diffByTable, isCreate } from "../machinery/tableResource";
import { applyGroupChanges, createParams, inputsAsHeld, readBack } from "./requests";
import { GROUP_TABLE } from "./table";

const THUMBNAIL = { size: "thumbnailSize", sha256: "thumbnailSha256" };

/** `+ group "Field crews" (org, invitation only)`: what a reviewer needs to know of a new group. */
export function groupLine(sign: string, g: RawInputs): string {
  const facts = [shown(g.access).replace(/"/g, ""), g.isInvitationOnly === true ? "invitation only" : "", g.isViewOnly === true ? "view only" : "", g.sharedUpdate === true ? "shared update" : "", g.protected === true ? "protected" : ""];
  return `${sign} group ${shown(g.title)} (${facts.filter((f) => f !== "").join(", ")})`;
}

async function thumbnailFacts(inputs: RawInputs, failures: CheckFailure[]): Promise<void> {
  const path = inputs.thumbnailFile;
  if (typeof path !== "string" || isUnknown(path) || path === "") return;
  const facts = (await fileFacts(path, "thumbnailFile", THUMBNAIL)) as RawInputs;
  if (typeof facts.reason === "string") failures.push(facts as unknown as CheckFailure);
  else if (Number(facts.thumbnailSize) > ITEM.maxThumbnailFileBytes) failures.push({ property: "thumbnailFile", reason: `${String(facts.thumbnailSize)} bytes; at most ${ITEM.maxThumbnailFileBytes} (10 MB)` });
  else Object.assign(inputs, facts);
}

/** A create's preview: adopt reads the group (it must exist); a new group must not repeat a title the configured user has. */
async function createPlan(inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  const client = portalClient();
  if (typeof inputs.adoptGroupId === "string" && !isUnknown(inputs.adoptGroupId)) {
    const held = await orUndefinedIfNotFound(readGroup(client, inputs.adoptGroupId)); // one search answers every group's read (ops/bulk.ts)
    if (!held) {
      failures.push({ property: "adoptGroupId", reason: `group ${inputs.adoptGroupId} does not exist, or the configured user (portal:token / portal:username) cannot see it` });
      return [];
    }
    inputs.groupId = held.id;
    const as = inputsAsHeld(inputs, held);
    const lines = changeLines(GROUP_TABLE, as, inputs, "group").filter((l) => !l.startsWith("~ adoptGroupId"));
    if (inputs.sharedUpdate !== undefined && as.sharedUpdate !== inputs.sharedUpdate) failures.push({ property: "sharedUpdate", reason: `the group is ${as.sharedUpdate ? "" : "not "}a shared-update group, and the portal sets that at create only; remove sharedUpdate or make it ${as.sharedUpdate}` });
    return [`= adopt group ${shown(held.title)} (${held.id})${lines.length === 0 ? ": no change" : ""}`, ...lines];
  }
  if (typeof inputs.title === "string" && !isUnknown(inputs.title)) {
    const taken = await sameTitle(client, inputs.title).catch(() => undefined);
    if (taken) failures.push({ property: "title", reason: `the configured user already owns a group titled ${JSON.stringify(taken.title)} (${taken.id}); titles are unique per owner: adopt it with adoptGroupId: "${taken.id}", or choose another title` });
  }
  return [groupLine("+", inputs)];
}

/** A group of the configured user with this title (case-insensitive), if any. */
async function sameTitle(client: PortalClient, title: string): Promise<PortalGroup | undefined> {
  const me = await client.username();
  const found = await searchGroups(client, `title:"${title.replace(/"/g, "")}" owner:${me}`);
  return found.find((g) => g.owner === me && String(g.title).toLowerCase() === title.toLowerCase());
}

function updateLines(olds: RawInputs, inputs: RawInputs): string[] {
  return changeLines(GROUP_TABLE, olds, inputs, "group").map((l) => (l.startsWith("~ title:") ? `${l} (a rename: the group keeps its id)` : l));
}

export const group: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: RawInputs, news: RawInputs) {
    const { inputs, failures } = checkByTable(GROUP_TABLE, news);
    if (failures.length === 0) carryHeldWhenUnset(GROUP_TABLE, olds, inputs);
    await thumbnailFacts(inputs, failures);
    let lines: string[] = [];
    if (isCreate(olds)) {
      if (failures.length === 0) lines = await createPlan(inputs, failures);
    } else {
      lines = updateLines(olds, inputs);
      // preview = apply: the id of a group that changes in place stays known to the items shared
      // with it (the old inputs do not hold it: it is found by the old title, one search)
      const d = diffByTable(GROUP_TABLE, olds, inputs);
      if (d.changes && d.replaces.length === 0) {
        const id = typeof olds.adoptGroupId === "string" ? olds.adoptGroupId : typeof olds.title === "string" ? (await sameTitle(portalClient(), olds.title).catch(() => undefined))?.id : undefined;
        if (id) inputs.groupId = id;
      }
    }
    const planned = withPlan(inputs, lines);
    return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
  },

  async diff(_id: string, olds: RawInputs, news: RawInputs) {
    assertReadableState(olds, "Group");
    const { changes, replaces } = diffByTable(GROUP_TABLE, olds, news);
    const thumbnail = news.thumbnailFile !== undefined && news.thumbnailSha256 !== olds.thumbnailSha256;
    if (replaces.length > 0) rememberReplaced(news.__urn, olds);
    return { changes: changes || thumbnail, replaces };
  },

  async create(inputs: RawInputs) {
    const client = portalClient();
    if (typeof inputs.adoptGroupId === "string") {
      const held = await readGroup(client, inputs.adoptGroupId);
      await applyGroupChanges(client, held.id, inputsAsHeld(inputs, held), inputs, inputs.thumbnailFile !== undefined && !held.thumbnail);
      return { id: held.id, outs: await readBack(client, held.id, inputs) };
    }
    const thumbnail = typeof inputs.thumbnailFile === "string" ? inputs.thumbnailFile : undefined;
    const title = String(inputs.title);
    const r = await madeOrFound(client, () => createGroup(client, createParams(inputs), thumbnail), () => sameTitle(client, title));
    const id = "made" in r ? r.made.group.id : r.found.id;
    if ("found" in r) {
      // made by the request whose answer was lost: what the request carried is checked, not assumed
      const held = await getGroup(client, id);
      await applyGroupChanges(client, id, inputsAsHeld(inputs, held), inputs, thumbnail !== undefined && !held.thumbnail);
    }
    if (inputs.protected === true) await protectGroup(client, id, true);
    return { id, outs: await readBack(client, id, inputs) };
  },

  async read(id: string, props: RawInputs) {
    freshReads(`Group ${id}`); // a refresh asks the portal, shared within the refresh (machinery/client.ts)
    assertReadableState(props, "Group");
    const client = portalClient();
    const held = await orUndefinedIfNotFound(readGroup(client, id)); // one search answers every group's read within the refresh (ops/bulk.ts)
    if (!held) return {};
    await readAheadGroupCounts(client, id); // its siblings' shared-item counts, ahead (ops/readAhead.ts)
    const inputs = inputsAsHeld(props, held);
    for (const k of ["thumbnailFile", "thumbnailSize", "thumbnailSha256", "adoptGroupId"]) if (props[k] !== undefined) inputs[k] = props[k];
    return { id, props: await readBack(client, id, inputs, held), inputs };
  },

  async update(id: string, olds: RawInputs, news: RawInputs) {
    const client = portalClient();
    await applyGroupChanges(client, id, olds, news, news.thumbnailFile !== undefined && news.thumbnailSha256 !== olds.thumbnailSha256);
    return { outs: await readBack(client, id, news) };
  },

  async delete(id: string, props: RawInputs) {
    try {
      await deleteGroup(portalClient(), id);
    } catch (e) {
      if (isNotFound(e)) return; // gone is done
      if (e instanceof PortalError && /protect/i.test(e.message)) {
        throw new Error(`Group ${JSON.stringify(props?.title ?? id)} (${id}) is protected; set protected: false and run pulumi up first, or unprotect it in the portal.`);
      }
      throw e;
    }
  },
};
