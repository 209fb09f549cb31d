// LayerAppend: one append (or upsert) into a hosted feature layer (spec.md#append, spec.md#append-job-states, spec.md#layer-append-metadata, spec.md#append-job-record).
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import { propsOf } from "./props";
import { withOutputs } from "./tableOutputs";

/** spec.md#layer-append-metadata append formats, as layers list them in supportedAppendFormats. */
export type AppendFormat = "sqlite" | "geoPackage" | "shapefile" | "filegdb" | "featureCollection" | "geojson" | "csv" | "excel" | "featureService";

export interface FieldMappingArgs {
  /** Source field. */
  source: pulumi.Input<string>;
  /** Destination field of the layer. */
  name: pulumi.Input<string>;
}

export interface LayerAppendArgs {
  /** `{serviceUrl}/<service>/FeatureServer/<layerId>`; or give serviceName + layerId. A new layer is a new append. */
  layerUrl?: pulumi.Input<string>;
  /** Service name under the stack's portal:serviceUrl (with layerId). */
  serviceName?: pulumi.Input<string>;
  layerId?: pulumi.Input<number>;
  /** Source 1 of 3: a feature collection given literally (spec.md#append edits). */
  edits?: pulumi.Input<NonNullable<tables.LayerAppendArgValue<"edits">>>;
  /** Source 2 of 3: a local file, uploaded (streamed) then appended; relative to the program's directory. Its SHA-256 is tracked: a changed file is a new append. */
  file?: pulumi.Input<string>;
  /** Source 3 and 4: a portal item holding the source file (self-hosted 10.9+), or a hosted Feature Service item with appendUploadFormat "featureService" (11.3+). */
  appendItemId?: pulumi.Input<string>;
  /** Required with appendItemId; for a file, told from the extension when absent (.csv, .xlsx, .geojson, .json, .zip = shapefile, .sqlite, .db, .gpkg). */
  appendUploadFormat?: pulumi.Input<AppendFormat>;
  /** CSV/Excel: source spatial reference, location fields, dateFieldsTimeReference; `{}` is valid. */
  appendSourceInfo?: pulumi.Input<NonNullable<tables.LayerAppendArgValue<"appendSourceInfo">>>;
  fieldMappings?: pulumi.Input<pulumi.Input<FieldMappingArgs>[]>;
  /** Feature-service sources: `[{id, sourceTableName, fieldMappings}]`, one entry for the target layer (parameter name from the REST "Append (Feature Service/Layer)" reference). */
  layerMappings?: pulumi.Input<pulumi.Input<NonNullable<tables.LayerAppendArgValue<"layerMappings">>[number]>[]>;
  /** Feature-service sources: a where clause on the source layer's rows (parameter name from the REST "Append (Feature Service/Layer)" reference). */
  sourceFilter?: pulumi.Input<string>;
  /** Needed when the source holds more than one table. */
  sourceTableName?: pulumi.Input<string>;
  /** Update features matching on upsertMatchingField (or object/global id); insert the others. The only safe way to re-run. */
  upsert?: pulumi.Input<boolean>;
  skipInserts?: pulumi.Input<boolean>;
  skipUpdates?: pulumi.Input<boolean>;
  useGlobalIds?: pulumi.Input<boolean>;
  /** false: only attributes of matching features are updated. */
  updateGeometry?: pulumi.Input<boolean>;
  /** Restricts the destination fields appended. */
  appendFields?: pulumi.Input<pulumi.Input<string>[]>;
  /** A layer field with a unique index (checked against the layer before appending). */
  upsertMatchingField?: pulumi.Input<string>;
  /** Self-hosted 11.2+: removes every existing row first. */
  truncate?: pulumi.Input<boolean>;
  rollbackOnFailure?: pulumi.Input<boolean>;
  /** Deadline of the job poll in seconds (default 600). Changing it does not re-append. */
  timeoutSeconds?: pulumi.Input<number>;
}

/**
 * Appends once when created; any change of the inputs (the file's content included) appends again
 * as a replacement. Destroy removes nothing: the appended rows stay in the layer.
 */
export class LayerAppend extends withOutputs(tables.LAYER_APPEND) {
  constructor(name: string, args: LayerAppendArgs, opts?: pulumi.CustomResourceOptions) {
    // crash-safe appends: the provider journals each append under the URN (provider/resources/layerAppend/journal.ts)
    super("layerAppend", name, propsOf(tables.LAYER_APPEND, args), opts);
    warnUnlessRerunSafe(this, name, args);
  }
}

/** spec.md#design-append-rerun: only an upsert on a unique field is safe to run again; say so in the preview. */
function warnUnlessRerunSafe(resource: pulumi.Resource, name: string, args: LayerAppendArgs): void {
  pulumi.all([args.upsert, args.upsertMatchingField, args.useGlobalIds]).apply(([upsert, field, globalIds]) => {
    if (upsert !== true) {
      void pulumi.log.warn(`LayerAppend ${name}: upsert is not set, so a replace (any change of its inputs or source file) would append the same rows twice. Set upsert: true and upsertMatchingField to a field with a unique index.`, resource);
    } else if (field === undefined && globalIds !== true) {
      void pulumi.log.warn(`LayerAppend ${name}: upsert matches on the object id when upsertMatchingField is not set; rows of a file source carry no object id, so a replace would insert them again. Set upsertMatchingField to a field with a unique index.`, resource);
    }
  });
}
