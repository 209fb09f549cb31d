// The append of a LayerAppend create (spec.md#append, spec.md#append-job-states, spec.md#append-job-record): upload a local file (streamed), send
// append once (never retried blindly: a lost answer may hide appended rows), poll the job to a
// terminal state under our own deadline (spec.md#design-timeouts).
import { removeJournal } from "./journal";
import { append, featureServerUrl, uploadFile, waitForAppendJob, type AppendJob, type AppendParams } from "../../ops/features";
import { jobProgressLine, reportProgress } from "../../progress";
import type { PortalClient } from "../../rest/client";
import { JobFailedError, JobTimeoutError, NetworkError, PortalError } from "../../rest/errors";
import { failureReason, type JobDocument } from "../../rest/jobs";
import { resolveSourceFile } from "./file";
import { contentTypeOf, DEFAULT_APPEND_TIMEOUT_SECONDS } from "./table";

import type { LayerAppendProps as Props } from "./props";

/** spec.md#append parameters sent as they are given (the source and target keys are handled apart). */
const PASSED_PARAMS = [
  "edits", "appendItemId", "appendUploadFormat", "appendSourceInfo", "fieldMappings", "layerMappings", "sourceTableName", "upsert", "skipInserts",
  "skipUpdates", "useGlobalIds", "updateGeometry", "appendFields", "upsertMatchingField", "truncate", "rollbackOnFailure", "sourceFilter",
] as const;

export interface AppendOutcome {
  jobId: string;
  job: AppendJob;
  appendUploadId?: string;
}

/** spec.md#gap-append-upload: uploads/upload on the layer's FeatureServer. */
async function uploadSource(client: PortalClient, layer: string, file: string, format: string): Promise<string> {
  const path = resolveSourceFile(file);
  const up = await uploadFile(client, { featureServer: featureServerUrl(layer), file: { path, contentType: contentTypeOf(format) }, description: "pulumi-gis-portal LayerAppend source" });
  const id = up?.item?.itemID;
  if (typeof id !== "string" || id === "") throw new Error(`LayerAppend: uploads/upload of ${path} answered without an item id; nothing was appended`);
  return id;
}

/** Called around the one append request, so a journal can record it (layerAppend/journal.ts). */
export interface AppendHooks {
  /** Before the append is sent (after the upload). */
  sending(appendUploadId: string | undefined): Promise<void>;
  /** The portal answered the append with an error: nothing was started. */
  refused(): Promise<void>;
  /** As soon as the portal answered with the job id. */
  started(jobId: string, appendUploadId: string | undefined): Promise<void>;
}

/**
 * An error answer from the portal itself means the append did not run. No answer (a dropped
 * connection) or a gateway's 502/504 leaves it open: the portal behind may have run it.
 */
function refusedForSure(e: unknown): boolean {
  return e instanceof PortalError && !(e instanceof NetworkError) && e.code !== 502 && e.code !== 504;
}

/** Waits for a job already started (by this run or a run that was cut off) to end. */
export async function awaitAppend(client: PortalClient, layer: string, jobId: string, inputs: Props, appendUploadId?: string): Promise<AppendOutcome> {
  const timeoutSeconds = inputs.timeoutSeconds ?? DEFAULT_APPEND_TIMEOUT_SECONDS;
  try {
    const progress = (status: string, ms: number) => void reportProgress(jobProgressLine(`append job ${jobId}`, status, ms), { urn: inputs.__urn, key: `append ${jobId}` });
    return { jobId, job: await waitForAppendJob(client, layer, jobId, timeoutSeconds * 1000, progress), appendUploadId };
  } catch (e) {
    // a failed job is over: the journal record goes, so the next run (source or layer fixed) sends
    // the append again; past the deadline the job goes on, and the record makes the next run wait for it
    if (e instanceof JobFailedError && typeof inputs.__urn === "string") await removeJournal(inputs.__urn, inputs);
    throw explainJobError(e, `append job ${jobId} on layer ${layer}`, timeoutSeconds, inputs.rollbackOnFailure !== false);
  }
}

/** Uploads (for a file), appends and waits for the job; a Failed job or the deadline is an error. */
export async function runAppend(client: PortalClient, layer: string, inputs: Props, hooks?: AppendHooks): Promise<AppendOutcome> {
  const params: AppendParams = {};
  for (const k of PASSED_PARAMS) if (inputs[k] !== undefined) (params as Record<string, unknown>)[k] = inputs[k];
  const appendUploadId = inputs.file !== undefined ? await uploadSource(client, layer, inputs.file, inputs.appendUploadFormat!) : undefined;
  await hooks?.sending(appendUploadId);
  let start: Awaited<ReturnType<typeof append>>;
  try {
    start = await append(client, { ...params, appendUploadId, layerUrl: layer });
  } catch (e) {
    if (refusedForSure(e)) await hooks?.refused();
    throw e;
  }
  await hooks?.started(start.jobId, appendUploadId);
  return awaitAppend(client, layer, start.jobId, inputs, appendUploadId);
}

/** The job's own messages, and what the user can do next. */
export function explainJobError(e: unknown, what: string, timeoutSeconds: number, rolledBack: boolean): unknown {
  if (e instanceof JobFailedError) {
    const job = (e.lastStatus ?? {}) as JobDocument;
    // the job's messages and its error often say the same thing: each once
    const reasons = [...new Set(failureReason(job).split("; "))].join("; ");
    const after = rolledBack ? "with rollbackOnFailure (the default) nothing of this append was kept" : "rollbackOnFailure is false: rows written before the failure may stay";
    return new Error(`LayerAppend: ${what} ended ${String(job.status ?? "Failed")}: ${reasons} (${after}; fix the source and run again)`);
  }
  if (e instanceof JobTimeoutError) {
    return new Error(
      `LayerAppend: ${e.message.replace(/^\w+ failed \(\d+\): /, "")}. The job goes on in the portal: the next \`pulumi up\` waits for this job instead of appending again ` +
        `(docs/recovery.md "LayerAppend"). Raise timeoutSeconds (now ${timeoutSeconds}) for big sources.`,
    );
  }
  return e;
}
