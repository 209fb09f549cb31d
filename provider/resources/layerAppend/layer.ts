// What a LayerAppend checks on the layer JSON before any append request (spec.md#layer-append-metadata, spec.md#append-sync-tracking):
// the layer supports append, lists the source format, and the matching field has a unique index.
import type { LayerInfo } from "../../ops/features";

import type { LayerAppendProps as Props } from "./props";

const lower = (s: string) => s.trim().toLowerCase();

/** spec.md#layer-append-metadata: a unique-index field can be matched on; object id and global id are used by default. */
function matchableFields(info: LayerInfo): string[] {
  const unique = (info.indexes ?? []).filter((i) => i.isUnique === true && !String(i.fields).includes(",")).map((i) => String(i.fields).trim());
  const ids = [info.objectIdField, info.globalIdField].filter((f): f is string => typeof f === "string" && f !== "");
  return [...new Set([...unique, ...ids])];
}

/**
 * The reasons the layer would refuse this append, as one error naming the layer and what to do;
 * undefined when the layer JSON allows it. `format` is the source format, when one is sent.
 */
export function appendRefusal(layer: string, info: LayerInfo, inputs: Props, format: string | undefined): Error | undefined {
  const name = info.name ? `${layer} (${info.name})` : layer;
  const problems: string[] = [];
  if (info.supportsAppend !== true) {
    // spec.md#layer-append-metadata: absent or false refuses append, even for the owner or an administrator
    problems.push(`the layer does not support append (supportsAppend is ${info.supportsAppend === undefined ? "absent" : JSON.stringify(info.supportsAppend)}); append is refused even for the owner or an administrator, and the Append capability cannot be added to it`);
  } else if (format !== undefined && typeof info.supportedAppendFormats === "string" && info.supportedAppendFormats !== "") {
    const formats = info.supportedAppendFormats.split(",").map(lower);
    if (!formats.includes(lower(format))) problems.push(`the source format ${JSON.stringify(format)} is not in the layer's supportedAppendFormats (${info.supportedAppendFormats}); convert the source or set appendUploadFormat`);
  }
  if (inputs.upsertMatchingField !== undefined) {
    const matchable = matchableFields(info);
    if (!matchable.some((f) => lower(f) === lower(inputs.upsertMatchingField!))) {
      problems.push(
        `upsertMatchingField ${JSON.stringify(inputs.upsertMatchingField)} has no unique index on the layer; only a field with a unique index can be matched on. ` +
          `Fields that can be matched: ${matchable.join(", ") || "none"}. Add a unique index on the field (layer definition) or match on one of those`,
      );
    }
  }
  if (inputs.upsert === true) {
    const caps = String(info.capabilities ?? "").split(",").map(lower);
    if (caps.includes("sync") || caps.includes("changetracking") || info.syncEnabled === true) {
      problems.push("upsert is refused on a service with Sync or ChangeTracking enabled; disable them in the service definition or append without upsert");
    }
  }
  if (problems.length === 0) return undefined;
  return new Error(`LayerAppend: layer ${name} refuses this append, so no append request was sent: ${problems.join("; ")}.`);
}
