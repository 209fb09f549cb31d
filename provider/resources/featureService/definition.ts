// The FeatureService resource: a hosted feature service, its layers, tables, fields and indexes
// (docs/resources/feature-service.md).
import { defineResource } from "../machinery/definition";
import { featureService as provider } from "./provider";
import { FEATURE_SERVICE_TABLE } from "./table";

const common = {
  fields: {
    type: "Input<ServiceFieldArgs[]>",
    doc: "The fields (the object-id field is added when none is declared).",
    optional: true,
  },
  indexes: {
    type: "Input<ServiceIndexArgs[]>",
    doc: "The indexes, each on one field; a unique one lets an upsert match rows.",
    optional: true,
  },
  displayField: { type: "Input<string>", doc: "The field clients label rows with.", optional: true },
  objectIdField: { type: "Input<string>", doc: "The object-id field's name. Default: OBJECTID.", optional: true },
  globalIdField: { type: "Input<string>", doc: "A global-id field's name, added when not declared.", optional: true },
};

export const featureService = defineResource({
  kind: "featureService",
  name: "FeatureService",
  table: FEATURE_SERVICE_TABLE,
  provider,
  deleteLines: (o) => [
    `- delete feature service ${String(o.name ?? "?")} (${String(o.itemId ?? "?")}) and every row in it`,
  ],
  docsPage: "feature-service.md",
  types: [
    {
      name: "ServiceFieldArgs",
      doc: "A field of a layer or table.",
      fields: {
        name: { type: "string", doc: "The field name: a letter or underscore, then letters, digits or underscores." },
        type: { type: "string", doc: "esriFieldTypeString, esriFieldTypeInteger, esriFieldTypeDouble, …" },
        alias: { type: "string", doc: "The display name. Default: the name.", optional: true },
        length: { type: "number", doc: "A string field's length. Default: 256.", optional: true },
        nullable: { type: "boolean", doc: "Default: true.", optional: true },
        editable: { type: "boolean", doc: "Default: true.", optional: true },
        defaultValue: {
          type: "string | number | boolean | null",
          doc: "The value of a row that gives none.",
          optional: true,
        },
        domain: {
          type: "ServiceDomainArgs",
          doc: "The values the field holds: coded values (a pick list) or a range. Removing it clears the domain.",
          optional: true,
        },
      },
    },
    {
      name: "ServiceDomainArgs",
      doc: "A field domain: `{type: \"codedValue\", name, codedValues: [{name, code}]}` or " +
        "`{type: \"range\", name, range: [min, max]}`.",
      fields: {
        type: {
          type: "\"codedValue\" | \"range\"",
          doc: "codedValue (string and number fields) or range (number and date fields).",
        },
        name: { type: "string", doc: "The domain name." },
        codedValues: {
          type: "Array<{ name: string; code: string | number }>",
          doc: "A codedValue domain's values: each code once, a string on a string field, a number otherwise.",
          optional: true,
        },
        range: { type: "[number, number]", doc: "A range domain's `[min, max]`, min not above max.", optional: true },
      },
    },
    {
      name: "ServiceIndexArgs",
      doc: "An index on one field.",
      fields: {
        name: { type: "string", doc: "Default: `<field>_uq` (unique) or `<field>_idx`.", optional: true },
        fields: { type: "string", doc: "The field." },
        isUnique: { type: "boolean", doc: "Default: false.", optional: true },
        isAscending: { type: "boolean", doc: "Default: true.", optional: true },
      },
    },
    {
      name: "FeatureServiceSharingArgs",
      doc: "The service item's sharing, as PortalItem's `sharing`.",
      fields: {
        access: { type: "Input<\"private\" | \"org\" | \"public\">", doc: "The item's `access`." },
        groups: {
          type: "Input<Input<string>[]>",
          doc: "The groups it is shared with (`Group` ids). Unset: not managed.",
          optional: true,
        },
      },
    },
    {
      name: "ServiceLayerArgs",
      doc: "A layer of a FeatureService: its geometry type, fields and indexes.",
      fields: {
        geometryType: { type: "Input<string>", doc: "esriGeometryPoint, esriGeometryPolygon, …" },
        ...common,
      },
    },
    { name: "ServiceTableArgs", doc: "A table of a FeatureService (no geometry).", fields: common },
    {
      name: "ServiceLayer",
      doc: "A layer or table as declared, with its name, id and URL: give it to a LayerAppend's `layer` " +
        "(`layer: service.layers[\"stations\"]`: its declared fields and indexes are checked at preview), or its " +
        "`url` to `layerUrl`.",
      moreKeys: true,
      fields: {
        name: { type: "string", doc: "The layer or table name: its key in `layers` or `tables`." },
        id: { type: "number", doc: "The layer id." },
        url: { type: "string", doc: "The layer URL, `<serviceUrl>/<id>`." },
      },
    },
  ],
  generatedClass: {
    doc: "A hosted feature service with its layers, tables, fields and indexes. Schema changes are planned " +
      "field by field; a removal that drops data fails at preview unless `allowDataLoss` lists it.",
  },
});
