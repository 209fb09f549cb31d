// LayerAppend (spec.md#design-resources): one append into a hosted feature layer (spec.md#append, spec.md#append-job-states, spec.md#layer-append-metadata, spec.md#append-job-record).
// The id is `<layer url>#<job id>`. Create reads the layer first and fails before any append when
// the layer would refuse it, uploads a local file, appends once and polls the job to Completed.
// Any input change is a new append (a replace). Delete removes nothing: appended rows stay.
import { isDeepStrictEqual } from "node:util";
import type * as pulumi from "@pulumi/pulumi";
import { getAppendJob, getLayerInfo, layerUrl, type AppendJob } from "../../ops/features";
import { AuthError, ConfigError, PortalError } from "../../rest/errors";
import { serviceRoot } from "../../ops/serviceRoot";
import { checkInputs } from "../../rules/failures";
import { isUnknown } from "../../rules/unknown";
import type { CheckFailure } from "../../rules/failures";
import { configurePortal, portalClient } from "../machinery/client";
import { fingerprint } from "./file";
import { formatOfFile, LAYER_APPEND_INPUT_KEYS, layerAppendInput, layerAppendShape, NO_REPLACE_KEYS, TARGET_FROM_OUTPUT } from "./table";
import { readJournal, removeJournal } from "./journal";
import { appendOnce, lastEditDate } from "./recover";
import { appendRefusal } from "./layer";
import { declaredLayer, declaredLayerFailures, declaredUrl, describeLayer, layerTarget } from "./declared";
import { sourceLine } from "./source";
import { rememberReplaced, replacedOlds } from "../machinery/replacing";
import { assertReadableState, STATE_LAYOUT_VERSION } from "../machinery/state";
import { fileLine, shown, withoutPlan, withPlan } from "../machinery/plan";

import type { LayerAppendProps as Props } from "./props";

const pick = (from: Props, keys: readonly string[]): Props => Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]));

/** spec.md#append-job-record: the job record fields kept as outputs (plus the job's messages, e.g. skipped rows). */
function jobOutputs(job: AppendJob): Props {
  const out: Props = { status: job.status, recordCount: job.recordCount, submissionTime: job.submissionTime, lastUpdatedTime: job.lastUpdatedTime, layerName: job.layerName };
  if (Array.isArray(job.messages) && job.messages.length > 0) out.jobMessages = job.messages.map((m) => (typeof m === "string" ? m : JSON.stringify(m)));
  return pick(out, Object.keys(out));
}

/** The layer URL and job id of a LayerAppend's state (the id is `<layer url>#<job id>`). */
function layerAndJob(id: string, props: Props): { layer: string; jobId: string } {
  const cut = id.lastIndexOf("#");
  return { layer: (props.targetLayerUrl as string | undefined) ?? id.slice(0, cut), jobId: (props.jobId as string | undefined) ?? id.slice(cut + 1) };
}

/**
 * Input keys whose values differ; a moved file with the same content is not a change, nor is a
 * FeatureService layer whose schema changed at the same URL (`layer` is compared by its URL).
 */
export function changedInputs(olds: Props, news: Props): string[] {
  const sameFile = olds.fileSha256 !== undefined && olds.fileSha256 === news.fileSha256 && olds.fileSize === news.fileSize;
  const same = (k: string) => (k === "layer" ? isDeepStrictEqual(layerTarget(olds[k]), layerTarget(news[k])) : isDeepStrictEqual(olds[k], news[k]));
  return LAYER_APPEND_INPUT_KEYS.filter((k) => !(k === "file" && sameFile) && !same(k));
}

/**
 * The target layer's URL when the inputs give it: shown known in previews. A service name resolves under
 * portal:serviceUrl, else under the root discovered from the portal (one read per run, `discovered` names it);
 * a root that cannot be discovered is a failure on serviceName.
 */
async function knownLayerUrl(inputs: Props): Promise<{ url?: string; discovered?: string; failure?: CheckFailure }> {
  if (inputs.layer !== undefined) return { url: declaredUrl(declaredLayer(inputs.layer)) };
  if (Object.values(pick(inputs, ["layerUrl", "serviceName", "layerId"])).some(isUnknown)) return {};
  if (inputs.layerUrl !== undefined) return { url: inputs.layerUrl.replace(/\/+$/, "") };
  if (inputs.serviceName === undefined || inputs.layerId === undefined) return {};
  try {
    const { root, discoveredFrom } = await serviceRoot(portalClient());
    return { url: (await layerUrl(portalClient(), inputs.serviceName, inputs.layerId)).replace(/\/+$/, ""), discovered: discoveredFrom && `  (services root ${root} discovered from ${discoveredFrom}; set portal:serviceUrl to use another)` };
  } catch (e) {
    return e instanceof ConfigError ? { failure: { property: "serviceName", reason: e.message } } : {}; // the portal unreachable: create says why
  }
}

/** The source of an append as a plan line names it (layerAppend/source.ts). */
const appendSource = (news: Props): string => sourceLine(news, (file) => fileLine(file, news.fileSize, news.fileSha256, news.appendUploadFormat ?? "format ?"));

const again = (replaces: string[]) => ` again (changed: ${replaces.join(", ")}; the rows of the previous load stay)`;

/** The target of a plan line when its URL is not known yet. */
function targetLine(news: Props): string {
  const layer = declaredLayer(news.layer);
  if (layer !== undefined) return describeLayer(layer);
  if (news.layer !== undefined) return "the layer another resource gives (known at apply)";
  if (news[TARGET_FROM_OUTPUT] === "layerUrl") return "the layerUrl another resource gives once it creates the layer";
  return `${news.serviceName ?? "?"}/${news.layerId ?? "?"}`;
}

/** What a step will load, for the plan (provider/resources/machinery/plan.ts). */
export function appendPlan(olds: Props, news: Props, changed: string[]): string[] {
  const exists = Object.keys(olds).length > 0;
  if (exists && changed.length === 0) return [];
  const replaces = changed.filter((k) => !NO_REPLACE_KEYS.includes(k));
  if (exists && replaces.length === 0) return changed.map((k) => `~ ${k}: ${shown(olds[k])} → ${shown(news[k])}`);
  const source = appendSource(news);
  const mode = news.upsert === true ? `upsert matching on ${news.upsertMatchingField ?? "the layer's unique field"}` : "append (new rows)";
  const into = news.targetLayerUrl ?? targetLine(news);
  // a layer of a service not created yet is long to describe: on a line of its own
  if (news.targetLayerUrl === undefined && declaredLayer(news.layer) !== undefined) return [`+ load ${source}: ${mode}${exists ? again(replaces) : ""}`, `  into ${into}`];
  return [`+ load ${source} into ${into}: ${mode}${exists ? again(replaces) : ""}`];
}

/** What a create will do about an append an interrupted run left in the journal. */
async function journalLines(inputs: Props): Promise<string[]> {
  if (typeof inputs.__urn !== "string" || Object.values(inputs).some(isUnknown)) return [];
  const e = await readJournal(inputs.__urn, inputs);
  if (e?.state === "started") return [`  (an interrupted run started job ${e.jobId} at ${e.at}: up waits for that job and appends nothing again)`];
  if (e?.state === "sending") return [`! an interrupted run sent this append at ${e.at} without an answer: up stops unless running it again is harmless (docs/recovery.md "LayerAppend")`];
  return [];
}

/**
 * The failures with a target given as another resource's output (TARGET_FROM_OUTPUT) that holds no value:
 * a `layerUrl` of a layer not created yet is not known at preview (no failure: the apply's check sees it);
 * a `layer` holding nothing names no layer of the service.
 */
function pendingTarget(news: Props, inputs: Props, failures: CheckFailure[]): CheckFailure[] {
  const fromOutput = typeof news[TARGET_FROM_OUTPUT] === "string" ? String(news[TARGET_FROM_OUTPUT]).split(",") : [];
  const noTarget = (f: CheckFailure) => f.reason.startsWith("no target layer");
  if (fromOutput.length === 0 || !failures.some(noTarget)) return failures;
  const rest = failures.filter((f) => !noTarget(f));
  if (fromOutput.includes("layer")) {
    return [...rest, { property: "layer", reason: "the output given holds no layer: is the name in service.layers[\"<name>\"] (or tables) one the FeatureService declares?" }];
  }
  inputs[TARGET_FROM_OUTPUT] = "layerUrl"; // for the plan line; the apply's check has the URL once the layer exists
  return rest;
}

/** The URL appended to: the FeatureService layer's, the layerUrl, or serviceName/layerId under the services root. */
async function targetUrl(client: ReturnType<typeof portalClient>, inputs: Props): Promise<string> {
  if (inputs.layer !== undefined) {
    const url = declaredUrl(declaredLayer(inputs.layer));
    if (url === undefined) throw new Error("LayerAppend: layer has no url: the FeatureService that declares it has not created it; nothing was appended");
    return url;
  }
  if (inputs.layerUrl === undefined && inputs.serviceName === undefined) throw new Error("LayerAppend: layerUrl holds no URL: the output given has no value (a layer its service does not have?); nothing was appended");
  return (inputs.layerUrl ?? (await layerUrl(client, inputs.serviceName!, inputs.layerId!))).replace(/\/+$/, "");
}

export const layerAppend: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  // spec.md#design-check: everything is checked here, without a request; the file is fingerprinted
  async check(given: Props, news: Props) {
    // a replacement's check has no old inputs; the diff that decided the replace left them (machinery/replacing.ts)
    const olds = given && Object.keys(given).length > 0 ? given : replacedOlds(news?.__urn);
    const inputs: Props = pick(news, Object.keys(layerAppendShape));
    if (typeof news.__urn === "string") inputs.__urn = news.__urn;
    const checked = checkInputs(layerAppendInput, inputs);
    const failures = pendingTarget(news, inputs, checked.ok ? [] : [...checked.failures]);
    if (typeof inputs.file === "string" && !isUnknown(inputs.file) && !failures.some((f) => f.property === "file")) {
      const fp = await fingerprint(inputs.file);
      if ("property" in fp) failures.push(fp);
      else Object.assign(inputs, fp);
      inputs.appendUploadFormat ??= formatOfFile(inputs.file);
    }
    inputs.schemaVersion = STATE_LAYOUT_VERSION;
    // a FeatureService's layer: its declared schema is checked here, even before the service exists
    if (failures.length === 0) failures.push(...(await declaredLayerFailures(inputs)));
    const target = await knownLayerUrl(inputs);
    if (target.url !== undefined) inputs.targetLayerUrl = target.url;
    if (target.failure) failures.push(target.failure);
    const lines = appendPlan(olds ?? {}, inputs, changedInputs(olds ?? {}, inputs));
    if (lines.length > 0 && target.discovered) lines.push(target.discovered);
    delete inputs[TARGET_FROM_OUTPUT];
    // the state keeps the layer's id and URL only: its schema is the FeatureService's (and the journal hashes what create gets)
    if (inputs.layer !== undefined) inputs.layer = layerTarget(inputs.layer) as Props["layer"];
    if (lines.length > 0 && Object.keys(olds ?? {}).length === 0) lines.push(...(await journalLines(inputs)));
    const planned = withPlan(inputs, lines);
    return failures.length === 0 ? { inputs: planned } : { inputs: planned, failures };
  },

  async diff(_id: string, olds: Props, news: Props) {
    assertReadableState(olds, "LayerAppend");
    const changed = changedInputs(olds, news);
    const replaces = changed.filter((k) => !NO_REPLACE_KEYS.includes(k));
    if (replaces.length > 0) rememberReplaced(news.__urn, olds);
    return { changes: changed.length > 0, replaces };
  },

  async create(inputs: Props) {
    const client = portalClient();
    const layer = await targetUrl(client, inputs);
    // spec.md#layer-append-metadata: the layer JSON says whether this append can be accepted; refuse before sending it
    const info = await getLayerInfo(client, layer);
    const refusal = appendRefusal(layer, info, inputs, inputs.appendUploadFormat);
    if (refusal) throw refusal;
    const { jobId, job, appendUploadId } = await appendOnce(client, layer, inputs, lastEditDate(info));
    const outs = { ...withoutPlan(inputs), schemaVersion: STATE_LAYOUT_VERSION, targetLayerUrl: layer, jobId, ...pick({ appendUploadId }, ["appendUploadId"]), ...jobOutputs(job) };
    return { id: `${layer}#${jobId}`, outs };
  },

  // the job record as the portal still answers it; a job the portal forgot keeps its stored record
  async read(id: string, props: Props) {
    assertReadableState(props, "LayerAppend");
    const { layer, jobId } = layerAndJob(id, props);
    let outs = props;
    try {
      outs = { ...props, ...jobOutputs(await getAppendJob(portalClient(), layer, jobId)) };
    } catch (e) {
      if (!(e instanceof PortalError) || e instanceof AuthError || (e.code !== 404 && e.code !== 400)) throw e;
    }
    return { id, props: outs, inputs: pick(outs, LAYER_APPEND_INPUT_KEYS) };
  },

  // only the poll deadline changes in place (diff makes every other change a replace)
  async update(_id: string, olds: Props, news: Props) {
    const outs = { ...olds };
    for (const k of NO_REPLACE_KEYS) {
      if (news[k] === undefined) delete outs[k];
      else outs[k] = news[k];
    }
    return { outs };
  },

  // spec.md#design-append-rerun: nothing is removed; the appended rows stay in the layer. The journal record goes.
  async delete(_id: string, props: Props) {
    if (typeof props?.__urn === "string") await removeJournal(props.__urn, props);
  },
};
