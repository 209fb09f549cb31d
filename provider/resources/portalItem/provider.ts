// PortalItem (spec.md#design-resources table): an item of spec.md#item-fields with its optional relationship (spec.md#add-with-relationship, spec.md#add-item). The
// id is the item id; type and itemIdToCreate replace, a new owner is a reassign and a new folder a
// move (in place, same id: ownership.ts); delete fails clearly while the item is protected; read returns the inputs as the portal holds them, so a refresh shows drift.
import type * as pulumi from "@pulumi/pulumi";
import { prefetchFolderItems, readAheadSharing } from "../../ops/bulk";
import { deleteItem, getItem } from "../../ops/items";
import type { PortalClient } from "../../rest/client";
import { isNotFound, PortalError } from "../../rest/errors";
import { freshReads, configurePortal, portalClient } from "../machinery/client";
import { checkPortalItem, withText } from "./check";
import { adoptPortalItem } from "./adopt";
import { createPortalItem, newItemSharing } from "./create";
import { createdOutputs, writtenOutputs } from "./written";
import { diffPortalItem } from "./diff";
import { heldMetadata, inputsAsHeld, outputsOf, readItem, readItemWithSharing } from "./read";
import { updatePortalItem } from "./update";
import { moveOrReassign } from "./ownership";
import { assertSharingGroupsExist } from "./groups";
import { applySharing, belowOrigin, heldSharing, inheritsSharing, raisedSharing, raiseToOrigin, sharingAsHeld, type Sharing } from "./sharing";
import { plainSecretText } from "./secretText";
import { sameValue } from "./diff";
import { cancelIfPartial } from "./upload";
import { adoptedBy, rememberAdopted, rememberReplaced, replacedOlds } from "../machinery/replacing";
import { assertReadableState } from "../machinery/state";

import type { PortalItemProps as Props } from "./props";

/** spec.md#errors, spec.md#gap-delete-item: a delete refused because the item is protected (CONT_0048, unconfirmed). */
async function protectedRefusal(client: PortalClient, itemId: string, e: unknown): Promise<Error | undefined> {
  if (!(e instanceof PortalError) || !(e.messageCode === "CONT_0048" || /protect/i.test(e.reason ?? e.message))) return undefined;
  const status = (await getItem(client, itemId).catch(() => undefined))?.contentStatus;
  const why = status
    ? ` It is ${status}: authoritative items are protected automatically; clear its status first (remove its ItemStatus resource, or set the status in the portal to none).`
    : "";
  return new Error(`PortalItem ${itemId} is protected; set protected: false and run pulumi up first, or unprotect it in the portal.${why}`);
}

export const portalItem: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: Props, news: Props) {
    // a replacement's check has no old inputs; the diff that decided the replace left them (machinery/replacing.ts)
    const given = olds && Object.keys(olds).length > 0 ? olds : replacedOlds(news?.__urn);
    return checkPortalItem(given ?? {}, news);
  },

  async diff(_id: string, olds: Props, news: Props) {
    assertReadableState(olds, "PortalItem");
    const found = diffPortalItem(withText(olds), withText(news));
    // a refresh found the origin of this destination shared wider than it (sharing.ts raiseToOrigin)
    const result = found.changes || !raiseToOrigin(olds, news) ? found : { ...found, changes: true };
    if (result.replaces.length > 0) rememberReplaced(news.__urn, olds);
    // a credential-bearing text held in plain text by older state: rewrite the state with it as a secret
    return plainSecretText(olds, news) ? { ...result, changes: true } : result;
  },

  async create(checked: Props) {
    const inputs = withText(checked);
    const client = portalClient();
    await assertSharingGroupsExist(client, inputs.sharing, `PortalItem ${JSON.stringify(inputs.title)}`);
    // docs/adopting.md: an adopted item is changed only where it differs from the program
    const { itemId, adopted } = inputs.adoptItemId !== undefined ? { ...(await adoptPortalItem(client, inputs)), adopted: false } : await createPortalItem(client, inputs);
    if (adopted) rememberAdopted(inputs.__urn, itemId);
    // an item this create added (not adoptItemId's, not its own from a killed run): what it holds is known
    const added = inputs.adoptItemId === undefined && !adopted;
    // sharing as code: after the add (or adopt), so the item exists under its owner
    await applySharing(client, { owner: inputs.owner ?? (await client.username()), itemId, folder: inputs.folder }, inputs.sharing, inheritsSharing(inputs), newItemSharing(inputs, added));
    return { id: itemId, outs: await createdOutputs(client, itemId, checked, added) };
  },

  async read(id: string, props: Props) {
    freshReads(`PortalItem ${id}`); // a refresh asks the portal, shared within the refresh (machinery/client.ts)
    assertReadableState(props, "PortalItem");
    const client = portalClient();
    // the owner's folder listing answers this read and its siblings' within the refresh (ops/bulk.ts)
    if (typeof props.owner === "string" && props.owner !== "") {
      const folder = typeof props.folder === "string" ? props.folder : undefined;
      await prefetchFolderItems(client, props.owner, folder);
      // the sharing of the folder's other items that are not private, ahead (ops/readAhead.ts)
      if (props.sharing !== undefined) await readAheadSharing(client, props.owner, folder, id);
    }
    const withSharing = props.sharing !== undefined ? await readItemWithSharing(client, id, props.owner, props.relationship) : undefined;
    const held = withSharing ?? (await readItem(client, id, props.relationship));
    if (!held) return {};
    const inputs = inputsAsHeld(props, held.item, held.related, await heldMetadata(client, id, props));
    if (props.sharing !== undefined) {
      const sharing = withSharing?.sharing ?? (await heldSharing(client, { owner: held.item.owner, itemId: id, folder: held.item.ownerFolder }));
      inputs.sharing = sharingAsHeld(props.sharing, sharing, inheritsSharing(props));
      // a destination whose origin is now shared wider: drift the next up raises (sharing.ts belowOrigin)
      const below = await belowOrigin(client, props, inputs.relationship !== undefined, sharing.access);
      if (below) inputs.__belowOrigin = below;
    }
    return { id, props: outputsOf(inputs, held.item, held.related), inputs };
  },

  async update(id: string, oldOuts: Props, checked: Props) {
    assertReadableState(oldOuts, "PortalItem");
    const [olds, news] = [withText(oldOuts), withText(checked)];
    const client = portalClient();
    // a reassign or a move first (same id), so every request after it names the item where it is
    const ref = await moveOrReassign(client, { owner: olds.owner!, itemId: id, folder: olds.folder }, olds, news);
    await updatePortalItem(client, ref, olds, news);
    const raise = raiseToOrigin(olds, news);
    if (news.sharing !== undefined && (raise || !sameValue(olds.sharing, news.sharing))) {
      const desired: Sharing = raise ? await raisedSharing(client, raise, news.sharing) : news.sharing;
      await applySharing(client, ref, desired, inheritsSharing(news));
    }
    return { outs: await writtenOutputs(client, id, checked) };
  },

  async delete(id: string, props: Props) {
    // a replacement that adopted the very item it replaces (a targeted `--replace`, which checks
    // without old inputs and derives the same id) now is that item: its old state must not delete it
    if (typeof props?.__urn === "string" && adoptedBy(id) === props.__urn) {
      process.stderr.write(`warning: PortalItem ${id}: the replacement took over this item (same derived itemIdToCreate), so the replaced resource does not delete it; to get a new item, change its itemIdToCreate.\n`);
      return;
    }
    const client = portalClient();
    const ref = { owner: props.owner!, itemId: id, folder: props.folder };
    try {
      await deleteItem(client, ref);
    } catch (e) {
      if (isNotFound(e)) return; // spec.md#design-create-delete-read: gone is done
      if (await cancelIfPartial(client, ref)) return; // an upload never committed: nothing partial stays
      throw (await protectedRefusal(client, id, e)) ?? e;
    }
  },
};
