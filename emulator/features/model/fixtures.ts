// The shape of `fixtures.services` (docs/emulator-features.md), checked with zod.
import { z } from "zod";
import { FIELD_TYPES, GEOMETRY_TYPES } from "./types";

const fieldSchema = z.object({
  name: z.string().min(1),
  type: z.enum(FIELD_TYPES),
  alias: z.string().optional(),
  length: z.number().int().positive().optional(),
  nullable: z.boolean().optional(),
  editable: z.boolean().optional(),
  defaultValue: z.unknown().optional(),
  /** A codedValue or range domain, checked as addToDefinition checks it (domains.ts). */
  domain: z.unknown().optional(),
});

const indexSchema = z.object({
  name: z.string().optional(),
  fields: z.string().min(1),
  isAscending: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  description: z.string().optional(),
});

const rowSchema = z.object({ attributes: z.record(z.string(), z.unknown()).default({}), geometry: z.any().optional() });

const ownershipSchema = z.object({
  allowOthersToQuery: z.boolean().default(true),
  allowOthersToUpdate: z.boolean().default(true),
  allowOthersToDelete: z.boolean().default(true),
  allowAnonymousToQuery: z.boolean().optional(),
  allowAnonymousToUpdate: z.boolean().optional(),
  allowAnonymousToDelete: z.boolean().optional(),
});

export const layerFixtureSchema = z.object({
  id: z.number().int().min(0),
  name: z.string().min(1),
  geometryType: z.enum(GEOMETRY_TYPES).optional(),
  spatialReference: z.object({ wkid: z.number().int() }).default({ wkid: 4326 }),
  fields: z.array(fieldSchema).default([]),
  indexes: z.array(indexSchema).default([]),
  /** spec.md#layer-append-metadata: default true (unconfirmed: the platform's hosted layers usually support append). */
  supportsAppend: z.boolean().default(true),
  /** true adds the four editor-tracking fields (CreationDate, Creator, EditDate, Editor). */
  editorTracking: z.boolean().default(false),
  ownershipBasedAccessControlForFeatures: ownershipSchema.optional(),
  rows: z.array(rowSchema).default([]),
});

export const serviceFixtureSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_]+$/, "service names are letters, digits and underscores"),
  title: z.string().optional(),
  owner: z.string().min(1),
  /** The owner's org; only needed when the host cannot look the owner up. */
  orgId: z.string().optional(),
  store: z.enum(["relational", "spatiotemporal"]).default("relational"),
  /** Comma-separated, e.g. "Query,Editing,Sync,ChangeTracking". */
  capabilities: z.string().default("Query"),
  /** Makes this service a view over the named service's layers (spec.md#append-layer-view). */
  viewOf: z.string().optional(),
  layers: z.array(layerFixtureSchema).default([]),
});

export const servicesFixtureSchema = z.object({
  /** The emulated deployment: extent updates and geocoding happen on "hosted" only (spec.md#append-geocode, spec.md#append-last-edit). */
  deployment: z.enum(["selfHosted", "hosted"]).default("selfHosted"),
  /** Address → point in 4326, the emulator's stand-in geocoder for CSV/Excel sources (spec.md#append-geocode). */
  geocoder: z.record(z.string(), z.object({ x: z.number(), y: z.number() })).default({}),
  services: z.array(serviceFixtureSchema).default([]),
});

export type LayerFixture = z.infer<typeof layerFixtureSchema>;
export type ServiceFixture = z.infer<typeof serviceFixtureSchema>;
export type ServicesFixture = z.infer<typeof servicesFixtureSchema>;

/** Accepts `{services:[…], …}` or a bare array of services; undefined gives the default fixture. */
export function parseServicesFixture(input: unknown): ServicesFixture {
  const value = input === undefined ? defaultServicesFixture() : Array.isArray(input) ? { services: input } : input;
  const parsed = servicesFixtureSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`services fixture: ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}

/** A layer fixture's field, as written in a fixture (before zod's defaults). */
export type FieldFixtureInput = z.input<typeof fieldSchema>;

/**
 * A point layer in 3857 with editor tracking: OBJECTID and GlobalID, then `fields`, and a unique index
 * `<unique>_idx` on the field `unique` (the layer the default fixture, the benches and the feature tests use).
 */
export function trackedPointLayer(name: string, fields: FieldFixtureInput[], unique: string, id = 0) {
  return {
    id,
    name,
    geometryType: "esriGeometryPoint" as const,
    spatialReference: { wkid: 3857 },
    editorTracking: true,
    fields: [{ name: "OBJECTID", type: "esriFieldTypeOID" }, { name: "GlobalID", type: "esriFieldTypeGlobalID" }, ...fields] satisfies FieldFixtureInput[],
    indexes: [{ name: `${unique}_idx`, fields: unique, isUnique: true }],
  };
}

/** One point layer owned by dev_publisher, so LayerAppend has a target out of the box. */
export function defaultServicesFixture(): unknown {
  return {
    services: [
      {
        name: "Stations",
        title: "Stations",
        owner: "dev_publisher",
        capabilities: "Query",
        layers: [
          trackedPointLayer(
            "stations",
            [
              { name: "station_id", type: "esriFieldTypeString", length: 32 },
              { name: "name", type: "esriFieldTypeString", length: 256 },
              { name: "count", type: "esriFieldTypeInteger" },
              { name: "value", type: "esriFieldTypeDouble" },
              { name: "observed", type: "esriFieldTypeDate" },
            ],
            "station_id",
          ),
        ],
      },
    ],
  };
}
