// The LayerAppend resource: one append (or upsert) into a hosted feature layer (docs/resources/layer-append.md).
import { APPEND_FORMATS } from "../../../spec/limits";
import { defineResource } from "../machinery/definition";
import { layerAppend as provider } from "./provider";
import { LAYER_APPEND } from "./table";

const FIELD_MAPPINGS = "{ source: string; name: string }[]";

export const layerAppend = defineResource({
  kind: "layerAppend",
  name: "LayerAppend",
  table: LAYER_APPEND,
  provider,
  deleteLines: () => ["- forget the append (the rows it loaded stay in the layer)"],
  docsPage: "layer-append.md",
  types: [
    {
      name: "AppendFormat",
      doc: "The append formats, as layers list them in `supportedAppendFormats`.",
      alias: APPEND_FORMATS.map((f) => JSON.stringify(f)).join(" | "),
    },
    {
      name: "FieldMappingArgs",
      doc: "A source field and the layer field it is appended to.",
      fields: {
        source: { type: "Input<string>", doc: "The source field." },
        name: { type: "Input<string>", doc: "The destination field of the layer." },
      },
    },
    {
      name: "AppendSourceInfoArgs",
      doc: "How the portal reads a CSV or Excel source: its spatial reference, location fields and date fields.",
      moreKeys: true,
      fields: {
        sourceSR: {
          type: "{ wkid?: number; latestWkid?: number; wkt?: string; [key: string]: unknown }",
          doc: "The spatial reference of the source's coordinates.",
          optional: true,
        },
        dateFieldsTimeReference: {
          type: "{ timeZone: string; respectsDaylightSaving: boolean }",
          doc: "The time zone of the source's date fields.",
          optional: true,
        },
        type: { type: "string", doc: "The source type, such as `csv`.", optional: true },
        locationType: {
          type: "string",
          doc: "How rows give their location, such as `coordinates` or `address`.",
          optional: true,
        },
      },
    },
    {
      name: "AppendTargetLayer",
      doc: "A layer as a FeatureService's `layers` or `tables` output gives it (`service.layers[\"stations\"]`): " +
        "its id and URL once the service exists, and its declared fields and indexes.",
      moreKeys: true,
      fields: {
        id: { type: "number", doc: "The layer id, once the service exists.", optional: true },
        url: { type: "string", doc: "The layer URL, once the service exists.", optional: true },
        fields: { type: "{ name: string; [key: string]: unknown }[]", doc: "The declared fields.", optional: true },
        indexes: {
          type: "{ fields: string; isUnique?: boolean; [key: string]: unknown }[]",
          doc: "The declared indexes: a unique one lets an upsert match rows.",
          optional: true,
        },
      },
    },
    {
      name: "LayerMappingArgs",
      doc: "A feature-service source's layer mapping: the target layer, and the source table and fields appended.",
      moreKeys: true,
      fields: {
        id: { type: "number", doc: "The target layer id." },
        sourceTableName: { type: "string", doc: "The source layer's name or id.", optional: true },
        fieldMappings: { type: FIELD_MAPPINGS, doc: "Source field → layer field.", optional: true },
      },
    },
  ],
});
