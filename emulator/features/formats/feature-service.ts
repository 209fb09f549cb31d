// spec.md#append-from-service: another hosted service as the source. Its layers are the tables (by name or
// id); rows are a snapshot taken when the job reads them, in the source layer's spatial reference.
import type { HostedService } from "../model/service";
import { pickTable, type SourceDataset, type SourceRow, type SourceTable } from "./source";

export function openFeatureService(service: HostedService): SourceDataset {
  const tables: (SourceTable & { id: number })[] = service.layers.map((layer) => ({
    id: layer.id,
    name: layer.def.name,
    fields: layer.def.fields.map((f) => ({ name: f.name, type: f.type })),
    spatialReference: { wkid: layer.def.spatialReference.wkid },
    async *rows(): AsyncIterable<SourceRow> {
      const snapshot = [...layer.rows()];
      for (let i = 0; i < snapshot.length; i++) yield { row: i + 1, attributes: { ...snapshot[i].attributes }, geometry: snapshot[i].geometry };
    },
  }));
  return {
    close: async () => undefined,
    async table(name) {
      const byId = name !== undefined && /^\d+$/.test(name) ? tables.find((t) => String(t.id) === name) : undefined;
      return byId ?? pickTable(tables, name, "layer");
    },
  };
}
