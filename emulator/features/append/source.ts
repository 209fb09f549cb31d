// Resolves the one source of an append (spec.md#append-source) when the request arrives, and opens it
// when the job runs: literal edits, an upload, a file item, or a hosted service (spec.md#append-from-service).
import { badRequest, forbidden, notFound } from "../../errors";
import type { Caller } from "../../host";
import { openFeatureCollection } from "../formats/feature-collection";
import { openFeatureService } from "../formats/feature-service";
import { formatOf, openFile, type FileFormat } from "../formats";
import type { ReaderOptions, SourceDataset } from "../formats/source";
import type { HostedService } from "../model/service";
import type { FeatureState } from "../state";
import type { AppendParams } from "./params";
import type { StoredData } from "../../storedData";

export type ResolvedSource =
  | { kind: "edits"; text: string }
  | { kind: "file"; format: FileFormat; data: StoredData; name: string }
  | { kind: "service"; service: HostedService }
  /** Known only when the job runs (e.g. filegdb): the job fails with this message. */
  | { kind: "unreadable"; message: string };

/** Rule 1: exactly one of edits, appendUploadId, appendItemId. */
export function resolveSource(state: FeatureState, caller: Caller, p: AppendParams): ResolvedSource {
  const given = (["edits", "appendUploadId", "appendItemId"] as const).filter((k) => p[k] !== undefined);
  if (given.length !== 1) throw badRequest(`Send exactly one source: edits, appendUploadId or appendItemId (got ${given.length === 0 ? "none" : given.join(", ")}).`);
  if (p.edits !== undefined) return { kind: "edits", text: p.edits };
  if (p.appendUploadId !== undefined) {
    const upload = state.uploads.require(p.appendUploadId, caller.user.username);
    if (!upload.committed || !upload.data) throw badRequest(`Upload ${upload.itemID} is not committed.`);
    return fileSource(p.appendUploadFormat, upload.data, upload.itemName);
  }
  // spec.md#versions: appendItemId from 10.9.
  if (!state.host.releaseAtLeast("10.9")) throw badRequest(`appendItemId is supported from release 10.9 (this is ${state.host.release}).`);
  const item = state.host.getItem(p.appendItemId!);
  if (!item) throw notFound(`Item ${p.appendItemId} does not exist or is inaccessible.`);
  if (item.orgId !== caller.org.id) throw forbidden(`Item ${item.id} belongs to another organization.`);
  if (item.type === "Feature Service" || p.appendUploadFormat?.toLowerCase() === "featureservice") return serviceSource(state, item.url ?? "");
  if (!item.data) throw badRequest(`Item ${item.id} holds no file to append.`);
  return fileSource(p.appendUploadFormat, item.data, item.fileName ?? "data");
}

function fileSource(format: string | undefined, data: StoredData, fileName: string): ResolvedSource {
  try {
    return { kind: "file", format: formatOf(format, fileName), data, name: fileName };
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}

/** Rule 12: another hosted service of the same organization, from 11.3, relational store only. */
function serviceSource(state: FeatureState, url: string): ResolvedSource {
  if (!state.host.releaseAtLeast("11.3")) throw badRequest(`Appending from a hosted feature service is supported from release 11.3 (this is ${state.host.release}).`);
  const name = /\/services\/(?:Hosted\/)?([^/]+)\/FeatureServer/i.exec(url)?.[1];
  const named = name ? state.registry.named(name) : [];
  const service = named.find((s) => url.toLowerCase().startsWith(s.url.toLowerCase())) ?? named[0];
  if (!service) throw badRequest(`The item's URL ${url} is not a hosted feature service of this portal.`);
  if (service.store !== "relational") throw badRequest(`Only a hosted service on a relational store can be an append source; ${service.name} is on a spatiotemporal store.`);
  return { kind: "service", service };
}

export async function openSource(source: ResolvedSource, options: ReaderOptions): Promise<SourceDataset> {
  switch (source.kind) {
    case "edits":
      return openFeatureCollection(source.text);
    case "file":
      return openFile(source.format, source.data, source.name, options);
    case "service":
      return openFeatureService(source.service);
    case "unreadable":
      throw new Error(source.message);
  }
}
