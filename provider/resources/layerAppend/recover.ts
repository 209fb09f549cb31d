// LayerAppend create with its journal (layerAppend/journal.ts): a create that finds a record of the
// same append started by a run that was cut off waits for that job instead of appending again; a
// record of an append sent but never answered stops, unless running it again is harmless (an upsert
// on a named unique field, or truncate).
import { getLayerInfo } from "../../ops/features";
import type { PortalClient } from "../../rest/client";
import { awaitAppend, runAppend, type AppendOutcome } from "./job";
import { journalDir, readJournal, removeJournal, writeJournal } from "./journal";

import type { LayerAppendProps as Props } from "./props";

/** An append whose second run leaves the layer as the first left it. */
const rerunSafe = (inputs: Props) => (inputs.upsert === true && (inputs.upsertMatchingField !== undefined || inputs.useGlobalIds === true)) || inputs.truncate === true;

const nameOf = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

/** spec.md#append-last-edit: the layer's last-edit time (public API `editingInfo.lastEditDate`), when it says. */
export function lastEditDate(info: unknown): number | undefined {
  const t = (info as { editingInfo?: { lastEditDate?: unknown } } | undefined)?.editingInfo?.lastEditDate;
  return typeof t === "number" ? t : undefined;
}

/**
 * An append sent without an answer ran only if the layer was edited since (spec.md#append-last-edit: a
 * successful append moves the layer's last-edit time). An unmoved time means it did not finish;
 * a time the layer does not report, or one that moved, leaves it open.
 */
async function ranSince(client: PortalClient, layer: string, editedAt: number | undefined): Promise<boolean> {
  if (editedAt === undefined) return true;
  return lastEditDate(await getLayerInfo(client, layer)) !== editedAt;
}

/** Appends once per resource and inputs, across runs that were killed mid-way. */
export async function appendOnce(client: PortalClient, layer: string, inputs: Props, layerEditedAt?: number): Promise<AppendOutcome> {
  const urn = inputs.__urn;
  if (typeof urn !== "string") return runAppend(client, layer, inputs);
  const earlier = await readJournal(urn, inputs);
  if (earlier?.state === "started" && earlier.jobId !== undefined && earlier.layer === layer) {
    return awaitAppend(client, layer, earlier.jobId, inputs, earlier.appendUploadId);
  }
  if (earlier?.state === "sending" && !rerunSafe(inputs) && (await ranSince(client, earlier.layer, earlier.layerEditedAt))) {
    throw new Error(
      `LayerAppend ${nameOf(urn)}: an earlier run sent this append to ${earlier.layer} at ${earlier.at} and was stopped before the portal answered, and the layer was edited since (or does not say when), so its rows may already be in it. ` +
        `Nothing was sent this time. Look at the layer; to append again, delete the journal record in ${journalDir()} (docs/recovery.md "LayerAppend").`,
    );
  }
  return runAppend(client, layer, inputs, {
    sending: (appendUploadId) => writeJournal(urn, inputs, { layer, state: "sending", appendUploadId, layerEditedAt }),
    refused: () => removeJournal(urn, inputs),
    started: (jobId, appendUploadId) => writeJournal(urn, inputs, { layer, state: "started", jobId, appendUploadId, layerEditedAt }),
  });
}
