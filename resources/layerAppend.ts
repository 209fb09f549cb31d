// LayerAppend: one append (or upsert) into a hosted feature layer (docs/resources/layer-append.md).
import * as pulumi from "@pulumi/pulumi";
import { propertyTables as tables } from "../provider";
import type { LayerAppendArgs, LayerAppendOutputs } from "./generated/layerAppend";
import { PortalResource } from "./portalResource";
import { propsOf } from "./props";

/** The outputs, which the engine sets (generated from the property table). */
export interface LayerAppend extends LayerAppendOutputs {}

/**
 * Appends once when created; any change of the inputs (the file's content included) appends again
 * as a replacement. Destroy removes nothing: the appended rows stay in the layer.
 */
export class LayerAppend extends PortalResource {
  constructor(name: string, args: LayerAppendArgs, opts?: pulumi.CustomResourceOptions) {
    // crash-safe appends: the provider journals each append under the URN (provider/resources/layerAppend/journal.ts)
    super("layerAppend", name, { ...propsOf(tables.LAYER_APPEND, args), ...targetFromOutput(args) }, opts);
    warnUnlessRerunSafe(this, name, args);
  }
}

/**
 * Which target the program gives as another resource's output (`service.layers["x"]`, its `.url`). During
 * the preview of that resource's create such an output may hold no value yet; the check then knows the
 * target was given (provider/resources/layerAppend/provider.ts), where a missing target is a mistake.
 */
function targetFromOutput(args: LayerAppendArgs): Record<string, string> {
  const keys = (["layer", "layerUrl"] as const).filter((k) => pulumi.Output.isInstance(args[k]));
  return keys.length > 0 ? { [tables.TARGET_FROM_OUTPUT]: keys.join(",") } : {};
}

/** Only an upsert on a unique field is safe to run again; say so in the preview. */
function warnUnlessRerunSafe(resource: pulumi.Resource, name: string, args: LayerAppendArgs): void {
  pulumi.all([args.upsert, args.upsertMatchingField, args.useGlobalIds]).apply(([upsert, field, globalIds]) => {
    if (upsert !== true) {
      const message =
        `LayerAppend ${name}: upsert is not set, so a replace (any change of its inputs or source file) would append ` +
        "the same rows twice. Set upsert: true and upsertMatchingField to a field with a unique index.";
      void pulumi.log.warn(message, resource);
    } else if (field === undefined && globalIds !== true) {
      const message =
        `LayerAppend ${name}: upsert matches on the object id when upsertMatchingField is not set; rows of a file ` +
        "source carry no object id, so a replace would insert them again. Set upsertMatchingField to a field with " +
        "a unique index.";
      void pulumi.log.warn(message, resource);
    }
  });
}
