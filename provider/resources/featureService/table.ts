// The FeatureService property table (docs/dev/fidelity.md#hosted-feature-services: REST create-service,
// add-to/update/delete-from-definition). The service name and spatial reference cannot change in place
// (replace); a layer's geometry type neither (the diff replaces then, see provider.ts).
import { z } from "zod";
import { FIELD_TYPES, GEOMETRY_TYPES, LAYER_NAME, SERVICE_NAME } from "./schema";
import { inputKeys, type Table } from "../machinery/propertyTable";
import { folderIdRule } from "../folder/table";
import { sharingRule } from "../portalItem/sharingRule";

const name = z.string()
  .regex(LAYER_NAME, "must start with a letter or underscore, then letters, digits or underscores, at most 64");
const code = z.union([z.string().max(255), z.number()]);
const domainName = z.string().min(1, "must not be empty").max(128, "at most 128 characters");
const domainRule = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("codedValue"),
    name: domainName,
    codedValues: z.array(z.object({ name: z.string().min(1).max(255), code })
      .strict())
      .min(1, "must list at least one coded value").max(10000, "at most 10,000 coded values"),
  }).strict(),
  z.object({ type: z.literal("range"), name: domainName, range: z.tuple([z.number(), z.number()]) }).strict(),
]);
const fieldRule = z.object({
  name,
  type: z.enum(FIELD_TYPES),
  alias: z.string().max(255).optional(),
  length: z.number().int().min(1).max(2147483647).optional(),
  nullable: z.boolean().optional(),
  editable: z.boolean().optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  domain: domainRule.optional(),
}).strict();
const indexRule = z.object({
  name: name.optional(),
  fields: name,
  isUnique: z.boolean().optional(),
  isAscending: z.boolean().optional(),
}).strict();
const layerRule = (isTable: boolean) => z.object({
  geometryType: isTable ? z.undefined().optional() : z.enum(GEOMETRY_TYPES),
  fields: z.array(fieldRule).max(1000).default([]),
  indexes: z.array(indexRule).max(100).default([]),
  displayField: name.optional(),
  objectIdField: name.optional(),
  globalIdField: name.optional(),
}).strict();

const LOSS_PATH = /^(layers|tables)\.[^.]+(\.fields\.[^.]+)?$/;
const layersRule = (isTable: boolean) =>
  z.record(z.string().regex(/^[A-Za-z0-9_ -]{1,128}$/, "must be 1 to 128 letters, digits, spaces, _ or -"),
    layerRule(isTable))
    .refine((m) => Object.keys(m).length <= 100, "at most 100").optional();

export const FEATURE_SERVICE_TABLE = {
  name: {
    role: "argument",
    required: true,
    output: true,
    rule: z.string().regex(SERVICE_NAME, "must be 1 to 120 letters, digits or underscores (no spaces)"),
    change: "replace",
    outputType: "Output<string>",
    doc: "The service name, unique in the organization (checked at preview with isServiceNameAvailable). A new " +
      "name replaces the service: the portal cannot rename one.",
    outputDoc: "The service name.",
  },
  title: {
    role: "argument",
    rule: z.string().min(1).max(250).optional(),
    doc: "The item title. Default: the name.",
  },
  tags: {
    role: "argument",
    rule: z.array(z.string().max(256)).max(128).optional(),
    doc: "The item's tags.",
  },
  snippet: {
    role: "argument",
    rule: z.string().max(2048).optional(),
    doc: "The item summary, up to 2048 characters.",
  },
  description: {
    role: "argument",
    rule: z.string().max(65536).optional(),
    doc: "The item description (HTML).",
  },
  folder: {
    role: "argument",
    rule: folderIdRule().optional(),
    whenSet: true,
    doc: "The owner's folder id (a `Folder`'s `folderId`) the service item is created in; default the root folder. " +
      "A new folder is a **move** (REST move-item): the service and its item keep their ids; the plan names both " +
      "folders by title. Unset: not managed.",
  },
  sharing: {
    role: "argument",
    type: "Input<FeatureServiceSharingArgs>",
    rule: sharingRule.optional(),
    whenSet: true,
    doc: "The service item's sharing, by PortalItem's rules: `access` (`private`, `org`, `public`) and optionally " +
      "`groups` (`Group` ids, each checked at preview). Shared after create and on change, read back on refresh " +
      "(an edit in the portal is drift). Unset: not managed.",
  },
  capabilities: {
    role: "argument",
    rule: z.string()
      .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, "must be comma-separated capability names such as Query,Create,Update,Editing")
      .optional(),
    doc: "Comma-separated: Query, Create, Update, Delete, Editing, Sync, Extract, ChangeTracking, Append. " +
      "Default: Query.",
  },
  maxRecordCount: {
    role: "argument",
    rule: z.number().int().min(1).max(1_000_000).optional(),
    doc: "The most rows a query answers. Default: the portal's (2000).",
  },
  spatialReference: {
    role: "argument",
    type: "Input<{ wkid: number }>",
    rule: z.object({ wkid: z.number().int() }).strict().optional(),
    change: "replace",
    doc: "The service's spatial reference, `{wkid}`; every layer has it. Another one replaces the service.",
  },
  allowGeometryUpdates: {
    role: "argument",
    rule: z.boolean().optional(),
    doc: "Whether edits may change geometries. Default: true.",
  },
  layers: {
    role: "argument",
    output: true,
    type: "Input<Record<string, Input<ServiceLayerArgs>>>",
    rule: layersRule(false),
    outputType: "Output<Record<string, ServiceLayer>>",
    doc: "The layers by name: geometryType, fields, indexes, displayField, objectIdField, globalIdField. A new " +
      "geometry type replaces the service. A field or layer removed fails at preview with the count of values it " +
      "would lose unless listed in `allowDataLoss`.",
    outputDoc: "Each layer as declared, with its `name`, `id` and `url`: a LayerAppend's " +
      "`layer: service.layers[\"stations\"]` (checked at preview against the declared layer), or " +
      "`layerUrl: service.layers[\"stations\"].url`.",
  },
  tables: {
    role: "argument",
    output: true,
    type: "Input<Record<string, Input<ServiceTableArgs>>>",
    rule: layersRule(true),
    outputType: "Output<Record<string, ServiceLayer>>",
    doc: "The tables (layers without geometry) by name, as `layers`.",
    outputDoc: "Each table as declared, with its `name`, `id` and `url`, as `layers`.",
  },
  allowDataLoss: {
    role: "argument",
    rule: z.array(z.string().regex(LOSS_PATH, "must be layers.<name> or layers.<name>.fields.<field> (or tables.…)"))
      .optional(),
    change: "ignore",
    doc: "The removals allowed to drop data: `layers.<layer>` or `layers.<layer>.fields.<field>` (`tables.` alike).",
  },
  // an existing hosted service's item (adopt.ts); another id replaces (the diff), removing it changes nothing
  adoptItemId: {
    role: "argument",
    rule: z.string().regex(/^[A-Za-z0-9]+$/, "must be an item id (letters and digits)").optional(),
    change: "ignore",
    doc: "The item id of a hosted feature service that exists: create adopts it instead of creating one, " +
      "changing only what differs from the program (nothing differs: no write). Refused at preview when the item " +
      "is missing, is not a hosted feature service, or its service has another name. Another id replaces; " +
      "removing it changes nothing.",
  },
  serviceUrl: {
    role: "output",
    outputType: "Output<string>",
    doc: "The FeatureServer URL.",
  },
  itemId: {
    role: "output",
    outputType: "Output<string>",
    doc: "The service's item id (also the resource id).",
  },
  schemaVersion: {
    role: "output",
    outputType: "Output<number>",
    doc: "The state layout version.",
  },
} as const satisfies Table;

export const FEATURE_SERVICE_INPUT_KEYS = inputKeys(FEATURE_SERVICE_TABLE);
