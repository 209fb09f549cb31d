// Feature-service side: layer metadata (spec.md#layer-append-metadata), uploads (spec.md#gap-append-upload),
// append (spec.md#append, spec.md#append-job-states) and its job record (spec.md#append-job-record). Paths are absolute URLs under
// {service_url}; a layer URL is `{service_url}/<svc>/FeatureServer/<layerId>`.
import type { FilePart } from "../rest/body";
import type { PortalClient } from "../rest/client";
import { PortalError } from "../rest/errors";
import { pollJob } from "../rest/jobs";
import { joinUrl, seg } from "../rest/url";
import { serviceRoot } from "./serviceRoot";

/** `{service_url}/<serviceName>/FeatureServer/<layerId>` under portal:serviceUrl, or the root discovered from the portal (serviceRoot.ts). */
export async function layerUrl(client: PortalClient, serviceName: string, layerId: number | string): Promise<string> {
  return joinUrl((await serviceRoot(client)).root, `${seg(serviceName)}/FeatureServer/${seg(layerId)}`);
}

/** The FeatureServer URL of a layer URL (drops the trailing `/<layerId>`). */
export function featureServerUrl(layer: string): string {
  return layer.replace(/\/+$/, "").replace(/\/[^/]+$/, "");
}

/** spec.md#layer-append-metadata with the spec.md#gap-layer-metadata names: the layer JSON, as far as append needs it. */
export interface LayerInfo {
  id?: number;
  name?: string;
  supportsAppend?: boolean;
  /** Comma string, e.g. "csv,geojson,shapefile". */
  supportedAppendFormats?: string;
  supportedAppendSourceFilterFormats?: string;
  indexes?: Array<{ name: string; fields: string; isAscending?: boolean; isUnique?: boolean; description?: string }>;
  fields?: Array<{ name: string; type: string; [k: string]: unknown }>;
  [field: string]: unknown;
}

/** spec.md#layer-append-metadata: GET the layer resource `{service_url}/<svc>/FeatureServer/<layerId>`. */
export function getLayerInfo(client: PortalClient, layer: string): Promise<LayerInfo> {
  return client.request("layerInfo", layer, {}, { method: "GET" });
}

export interface UploadOptions {
  /** The FeatureServer URL (see featureServerUrl). */
  featureServer: string;
  file: FilePart;
  description?: string;
}

/** spec.md#gap-append-upload: POST …/FeatureServer/uploads/upload, multipart `file` → `{success, item:{itemID, …}}`. */
export function uploadFile(client: PortalClient, o: UploadOptions): Promise<{ success: boolean; item: { itemID: string; itemName?: string; committed?: boolean } }> {
  return client.request("upload", joinUrl(o.featureServer, "uploads/upload"), { description: o.description }, { files: { file: o.file } });
}

/** spec.md#append parameters (objects and lists are sent as JSON). */
export interface AppendParams {
  sourceTableName?: string;
  fieldMappings?: Array<{ source: string; name: string }>;
  edits?: string | Record<string, unknown>;
  appendSourceInfo?: Record<string, unknown>;
  upsert?: boolean;
  skipInserts?: boolean;
  skipUpdates?: boolean;
  useGlobalIds?: boolean;
  truncate?: boolean;
  updateGeometry?: boolean;
  appendFields?: string[];
  upsertMatchingField?: string;
  appendUploadId?: string;
  appendItemId?: string;
  appendUploadFormat?: string;
  rollbackOnFailure?: boolean;
  /** spec.md#gap-append-params (unconfirmed): feature-service source layer mapping. */
  layerMappings?: unknown[];
  /** spec.md#gap-append-params (unconfirmed): source filter. */
  sourceFilter?: unknown;
}

/** spec.md#append "Response on start", plus statusUrl of the public API and the parsed job id. */
export interface AppendStart {
  status?: string;
  statusMessage?: string;
  itemId?: string;
  statusUrl?: string;
  jobId: string;
}

/** The job id of an append start: from statusUrl (…/append/jobs/<id>) or the statusMessage. */
export function appendJobId(r: Omit<AppendStart, "jobId"> & { jobId?: string }): string | undefined {
  if (typeof r.jobId === "string" && r.jobId !== "") return r.jobId;
  const fromUrl = /\/jobs\/([^/?#\s]+)/.exec(r.statusUrl ?? "");
  if (fromUrl) return decodeURIComponent(fromUrl[1]);
  const msg = r.statusMessage ?? "";
  // spec.md#append: "statusMessage (string naming the job id)"; its wording is not shown (unconfirmed)
  const named = /\/jobs\/([^/?#\s]+)/.exec(msg) ?? /\bjob(?:\s*id)?\s*[:=#]?\s*([A-Za-z0-9_-]{4,})/i.exec(msg) ?? /([A-Za-z0-9_-]{16,})/.exec(msg);
  return named ? named[1] : undefined;
}

/**
 * spec.md#append append: POST <layer>/append. Never repeated blindly (spec.md#design-retries): a lost answer could
 * mean the rows were appended. The source is one of edits, appendUploadId, appendItemId.
 */
export async function append(client: PortalClient, o: AppendParams & { layerUrl: string }): Promise<AppendStart> {
  const { layerUrl: layer, fieldMappings, appendFields, appendSourceInfo, layerMappings, sourceFilter, edits, ...rest } = o;
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const params = { ...rest, edits: typeof edits === "string" ? edits : json(edits), fieldMappings: json(fieldMappings), appendFields: json(appendFields), appendSourceInfo: json(appendSourceInfo), layerMappings: json(layerMappings), sourceFilter: typeof sourceFilter === "string" ? sourceFilter : json(sourceFilter) };
  const r = await client.request("append", joinUrl(layer, "append"), params, { safeToRetry: false });
  const jobId = appendJobId(r);
  if (jobId === undefined) throw new PortalError({ code: 502, message: `append answered without a job id: ${JSON.stringify(r).slice(0, 200)}`, operation: "append" });
  return { ...r, jobId };
}

/** spec.md#append-job-record: the append job record. */
export interface AppendJob {
  layerName?: string;
  submissionTime?: number;
  lastUpdatedTime?: number;
  recordCount?: number;
  /** Pending, InProgress, Completed, Failed (case-insensitive, spec.md#gap-append-jobs). */
  status: string;
  messages?: unknown[];
  [field: string]: unknown;
}

/** spec.md#append "Job polling": <layer>/append/jobs/<jobId> (method not shown; GET as the public API). */
export function getAppendJob(client: PortalClient, layer: string, jobId: string): Promise<AppendJob> {
  return client.request("appendJob", joinUrl(layer, `append/jobs/${seg(jobId)}`), {}, { method: "GET", jobDocument: true });
}

/** spec.md#append-job-states: polls until Completed; Failed throws with the job's messages; deadline in ms. */
export function waitForAppendJob(client: PortalClient, layer: string, jobId: string, timeoutMs?: number, onWait?: (status: string, elapsedMs: number) => void): Promise<AppendJob> {
  return pollJob({
    onWait,
    operation: "appendJob",
    what: `append job ${jobId} on layer ${layer}`,
    fetch: () => getAppendJob(client, layer, jobId),
    timeoutMs,
    now: client.now,
    sleep: client.sleep,
  });
}
