// Accepts an append (spec.md#append): who may call it (spec.md#authentication), the refusals the
// request itself gets (spec.md#append-source, spec.md#append-sync-tracking, truncate's release), then a job (spec.md#append-job-record, spec.md#append-job-states) stepped by the host's JobRunner.
import * as fs from "node:fs";
import * as path from "node:path";
import { randomUUID } from "node:crypto";
import { badRequest, forbidden } from "../../errors";
import type { Caller } from "../../host";
import { appendToLayer } from "../append";
import type { FeatureLayer } from "../model/layer";
import type { HostedService } from "../model/service";
import { compileWhere } from "../model/where";
import type { FeatureState } from "../state";
import type { AppendParams } from "./params";
import { openSource, resolveSource, type ResolvedSource } from "./source";

const EDIT_PRIVILEGE = "features:user:edit";

/** spec.md#append, spec.md#authentication: owner and administrators always; others need the Append capability. */
function checkCaller(state: FeatureState, caller: Caller, service: HostedService, layer: FeatureLayer): boolean {
  if (!layer.def.supportsAppend) throw badRequest(`Layer ${layer.id} (${layer.def.name}) does not support append.`); // spec.md#layer-append-metadata: even for owner and admin
  const privileged = caller.user.username === service.owner || state.host.isOrgAdmin(caller.user);
  if (privileged) return true;
  if (!service.hasCapability("Append")) throw forbidden(`The Append capability is not enabled on ${service.name}; only its owner or an administrator can append.`);
  if (!caller.user.privileges.includes(EDIT_PRIVILEGE)) throw forbidden(`User ${caller.user.username} lacks the privilege to edit features.`); // unconfirmed
  return false;
}

export function startAppend(state: FeatureState, caller: Caller, service: HostedService, layer: FeatureLayer, p: AppendParams) {
  const bypassesOwnership = checkCaller(state, caller, service, layer);
  const source = resolveSource(state, caller, p);
  if (p.truncate && !state.host.releaseAtLeast("11.2")) throw badRequest(`truncate is supported from release 11.2 (this is ${state.host.release}).`);
  if (p.upsert && service.tracksChanges) throw badRequest(`Upsert is not supported on ${service.name}: sync or change tracking is enabled.`);
  const jobId = randomUUID().replace(/-/g, "");
  state.jobs.create(jobId, service.name, layer.id, layer.def.name);
  const run = async () => {
    try {
      const result = await runJob(state, jobId, service, layer, source, p, caller.user.username, bypassesOwnership);
      state.jobs.update(jobId, { status: "Completed", recordCount: result.recordCount, ...(result.messages.length ? { messages: result.messages } : {}) });
    } catch (e) {
      state.jobs.fail(jobId, (e as Error).message);
      throw e;
    }
  };
  state.host.jobs.start("append", jobId, [() => state.jobs.update(jobId, { status: "InProgress" }), run]);
  const statusUrl = `${state.serviceUrl(service)}/${layer.id}/append/jobs/${jobId}`;
  return { status: "processing", statusMessage: `Append job ${jobId} submitted.`, itemId: service.itemId, jobId, statusUrl };
}

async function runJob(state: FeatureState, jobId: string, service: HostedService, layer: FeatureLayer, source: ResolvedSource, p: AppendParams, username: string, bypassesOwnership: boolean) {
  const workDir = path.join(state.host.dataDir, "append-jobs", jobId);
  fs.mkdirSync(workDir, { recursive: true });
  // spec.md#versions: time zone information for source data from 11.4.
  const timeReference = state.host.releaseAtLeast("11.4") ? p.appendSourceInfo.dateFieldsTimeReference : undefined;
  const dataset = await openSource(source, { appendSourceInfo: p.appendSourceInfo, geocode: state.geocode, workDir });
  try {
    const mapping = p.layerMappings?.find((m) => m.id === layer.id);
    const tableName = mapping?.sourceTableName ?? (mapping?.sourceId !== undefined ? String(mapping.sourceId) : undefined) ?? p.sourceTableName;
    let table = await dataset.table(tableName);
    if (p.sourceFilter && source.kind === "service") {
      const match = compileWhere(p.sourceFilter, (table.fields ?? []).map((f) => f.name));
      const inner = table;
      table = { ...inner, batches: undefined, async *rows() { for await (const r of inner.rows()) if (match(r.attributes)) yield r; } };
    }
    return await appendToLayer(layer, table, { username, bypassesOwnership }, {
      ...p,
      fieldMappings: p.fieldMappings ?? mapping?.fieldMappings,
      applyDefaults: state.host.releaseAtLeast("11.1") && service.store === "relational", // spec.md#append-field-defaults
      updateExtent: state.deployment === "hosted", // spec.md#append-last-edit
      timeReference,
    });
  } finally {
    await dataset.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
