// The source of a LayerAppend and the option combinations checked at preview (spec.md#append-source,
// spec.md#append-from-service, spec.md#gap-append-params, spec.md#gap-append-defaults). Four sources: literal
// `edits`, a local `file` (uploaded first), `appendItemId` of an item holding a file, and
// `appendItemId` of a hosted Feature Service item with `appendUploadFormat: featureService`. A
// combination the portal would refuse, or would take and silently ignore, is refused here with
// its path, so no request is sent.
import type { z } from "zod";
import type { appendParamsShape } from "../../rules/append";
import { isUnknown } from "../../rules/unknown";
import { shown } from "../machinery/plan";

/** The append parameters a LayerAppend takes as arguments (appendUploadId is its output: the uploaded file's id). */
type AppendParams = Omit<typeof appendParamsShape, "appendUploadId">;

/**
 * The checked inputs this file reads: the append parameters as the table's rows take them from
 * provider/rules/append.ts (z.output of each rule), and the table's own target and file rows. Typed
 * from the rules, not from the table (./props): the table's schema runs sourceRules, and a type
 * taken from it would close an import circle.
 */
type Props = { [K in keyof AppendParams]?: z.output<AppendParams[K]> } & { layer?: unknown; layerUrl?: string; layerId?: number; file?: string; [key: string]: unknown };

/** One entry of `layerMappings`, as its rule parses it. */
type LayerMapping = NonNullable<Props["layerMappings"]>[number];

const given = (v: unknown) => v !== undefined && v !== null && v !== "";
const known = (v: unknown) => given(v) && !isUnknown(v);

/** `appendItemId` names a hosted feature service (spec.md#append-from-service; format `featureService` of spec.md#layer-append-metadata). */
export const isFeatureServiceSource = (v: Props) => given(v.appendItemId) && typeof v.appendUploadFormat === "string" && v.appendUploadFormat.toLowerCase() === "featureservice";

/**
 * Options that act only on an upsert (spec.md#gap-append-defaults: they matter only with upsert=true),
 * with the value that leaves the append as it is without them.
 */
export const UPSERT_ONLY: Readonly<Record<string, unknown>> = { upsertMatchingField: undefined, useGlobalIds: false, skipInserts: false, skipUpdates: false, updateGeometry: true };

/** The target layer id when the inputs give it without a request (layerId, a FeatureService layer's id, or the URL's last segment). */
function targetLayerId(v: Props): number | undefined {
  if (typeof v.layerId === "number") return v.layerId;
  const layer = v.layer as { id?: unknown; url?: unknown } | undefined;
  if (typeof layer?.id === "number") return layer.id;
  const url = typeof v.layerUrl === "string" ? v.layerUrl : layer?.url;
  const m = typeof url === "string" ? /\/FeatureServer\/(\d+)\/?$/.exec(url) : null;
  return m ? Number(m[1]) : undefined;
}

/** The refinement the LayerAppend check schema runs after "exactly one source". */
export function sourceRules(v: Props, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const fromService = isFeatureServiceSource(v);
  const serviceOnly = "applies only to a hosted feature service source (appendItemId of a Feature Service item with appendUploadFormat: featureService)";
  if (known(v.appendUploadFormat) && String(v.appendUploadFormat).toLowerCase() === "featureservice" && !given(v.appendItemId)) {
    issue(["appendUploadFormat"], "featureService names a hosted feature service source: give it with appendItemId (the service's Feature Service item), not with file or edits");
  }
  for (const k of ["layerMappings", "sourceFilter"]) if (known(v[k]) && !fromService && !isUnknown(v.appendUploadFormat)) issue([k], `${k} ${serviceOnly}`);

  // spec.md#gap-append-params: layerMappings [{id: <target layer id>, sourceTableName, fieldMappings}]; the entry of the target layer is the one read
  if (Array.isArray(v.layerMappings)) {
    const target = targetLayerId(v);
    const seen = new Set<number>();
    v.layerMappings.forEach((m: LayerMapping, i: number) => {
      if (typeof m?.id !== "number") return;
      if (seen.has(m.id)) issue(["layerMappings", i, "id"], `layer ${m.id} is mapped twice; one entry per target layer`);
      seen.add(m.id);
      if (target !== undefined && m.id !== target) issue(["layerMappings", i, "id"], `${m.id} is not the target layer (${target}): the portal reads only the target layer's entry, so this one would be ignored`);
      if (given(m.sourceTableName) && given(v.sourceTableName)) issue(["layerMappings", i, "sourceTableName"], "sourceTableName is also set at the top level; give the source layer once");
      if (Array.isArray(m.fieldMappings) && given(v.fieldMappings)) issue(["layerMappings", i, "fieldMappings"], "fieldMappings is also set at the top level; give the field mappings once");
    });
  }

  // spec.md#gap-append-defaults: these change nothing unless upsert is true
  if (!isUnknown(v.upsert) && v.upsert !== true) {
    for (const [k, neutral] of Object.entries(UPSERT_ONLY)) {
      if (v[k] !== undefined && !isUnknown(v[k]) && v[k] !== neutral) issue([k], `${k}: ${JSON.stringify(v[k])} takes effect only with upsert: true; set upsert: true or leave ${k} out`);
    }
  }
  if (v.skipInserts === true && v.skipUpdates === true) issue(["skipUpdates"], "skipInserts and skipUpdates are both true: the append would write no row");
  if (v.useGlobalIds === true && known(v.upsertMatchingField)) issue(["upsertMatchingField"], "useGlobalIds matches on the layer's global id field; give either useGlobalIds or upsertMatchingField");
}

/** The source of an append as a plan line names it. */
export function sourceLine(news: Props, fileLine: (file: string) => string): string {
  if (news.file !== undefined) return `file ${fileLine(news.file)}`;
  if (news.edits !== undefined) return `edits (${Array.isArray((news.edits as { features?: unknown } | undefined)?.features) ? `${(news.edits as { features: unknown[] }).features.length} features` : shown(news.edits)})`;
  if (isFeatureServiceSource(news)) {
    const mapping = Array.isArray(news.layerMappings) ? news.layerMappings.find((m: LayerMapping) => given(m?.sourceTableName)) : undefined;
    const layer = news.sourceTableName ?? mapping?.sourceTableName;
    const filter = news.sourceFilter !== undefined ? ` where ${shown(news.sourceFilter)}` : "";
    return `hosted feature service item ${shown(news.appendItemId)}${layer !== undefined ? ` layer ${shown(layer)}` : ""}${filter}`;
  }
  if (news.appendItemId !== undefined) return `item ${shown(news.appendItemId)} (${isUnknown(news.appendUploadFormat) ? shown(news.appendUploadFormat) : String(news.appendUploadFormat)})`;
  return "the source";
}
