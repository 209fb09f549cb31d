// Helpers for the feature-side tests: an emulator with a services fixture, form posts, append
// jobs awaited to a terminal status, and layer queries.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, defaultFixtures, type RunningEmulator } from "../../../emulator/index";
import { trackedPointLayer, type FieldFixtureInput } from "../../../emulator/features/model/fixtures";

export type Form = Record<string, string | number | boolean | object | undefined>;

export class FeatureEmulator {
  readonly tmp = fs.mkdtempSync(path.join(os.tmpdir(), "features-test-"));

  constructor(readonly emu: RunningEmulator) {}

  static async start(services: unknown, release = "11.4"): Promise<FeatureEmulator> {
    return new FeatureEmulator(await startEmulator({ port: 0, fixtures: { ...defaultFixtures(), services }, release, jobDelayMs: 1 }));
  }

  token(user: string): string {
    return this.emu.tokens[user];
  }

  url(svc: string, rest = ""): string {
    return `${this.emu.serviceUrl}/${svc}/FeatureServer${rest}`;
  }

  async post(url: string, form: Form, user = "dev_publisher"): Promise<any> {
    const body = new URLSearchParams({ f: "json", token: this.token(user) });
    for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
    const res = await fetch(url, { method: "POST", body });
    return res.json();
  }

  async upload(svc: string, file: string, user = "dev_publisher", name = path.basename(file)): Promise<string> {
    const form = new FormData();
    form.append("f", "json");
    form.append("token", this.token(user));
    form.append("file", await fs.openAsBlob(file), name);
    const r: any = await (await fetch(this.url(svc, "/uploads/upload"), { method: "POST", body: form })).json();
    if (!r.success) throw new Error(`upload failed: ${JSON.stringify(r)}`);
    return r.item.itemID;
  }

  /** Starts an append; returns the start answer. */
  async startAppend(svc: string, layerId: number, form: Form, user = "dev_publisher"): Promise<any> {
    return this.post(this.url(svc, `/${layerId}/append`), form, user);
  }

  /** Polls the job record until Completed or Failed. */
  async job(statusUrl: string, user = "dev_publisher"): Promise<any> {
    for (let i = 0; i < 2000; i++) {
      const r = await this.post(statusUrl, {}, user);
      if (r.status === "Completed" || r.status === "Failed" || r.error) return r;
      await new Promise((res) => setTimeout(res, 5));
    }
    throw new Error(`job ${statusUrl} did not finish`);
  }

  /** Starts an append and waits for its job; throws if the start was refused. */
  async append(svc: string, layerId: number, form: Form, user = "dev_publisher"): Promise<any> {
    const start = await this.startAppend(svc, layerId, form, user);
    if (!start.statusUrl) throw new Error(`append refused: ${JSON.stringify(start)}`);
    return this.job(start.statusUrl, user);
  }

  async query(svc: string, layerId: number, form: Form = {}, user = "dev_publisher"): Promise<any> {
    return this.post(this.url(svc, `/${layerId}/query`), { where: "1=1", outFields: "*", ...form }, user);
  }

  async features(svc: string, layerId: number, where = "1=1"): Promise<any[]> {
    const r = await this.query(svc, layerId, { where });
    if (!r.features) throw new Error(`query failed: ${JSON.stringify(r)}`);
    return r.features;
  }

  async count(svc: string, layerId: number, where = "1=1"): Promise<number> {
    return (await this.query(svc, layerId, { where, returnCountOnly: true })).count;
  }

  file(name: string, content: string | Buffer): string {
    const p = path.join(this.tmp, name);
    fs.writeFileSync(p, content);
    return p;
  }

  async close(): Promise<void> {
    await this.emu.close();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

export const GUID_RE = /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/;

/** A point layer in 3857 with every field type, a unique index and editor tracking. */
export function pointLayer(id = 0, extra: object = {}): object {
  const fields: FieldFixtureInput[] = [
    { name: "code", type: "esriFieldTypeString", length: 20 },
    { name: "label", type: "esriFieldTypeString", length: 50 },
    { name: "small", type: "esriFieldTypeSmallInteger" },
    { name: "big", type: "esriFieldTypeInteger" },
    { name: "amount", type: "esriFieldTypeDouble" },
    { name: "seen", type: "esriFieldTypeDate" },
    { name: "ref", type: "esriFieldTypeGUID" },
    { name: "status", type: "esriFieldTypeString", length: 20, defaultValue: "new" },
  ];
  return { ...trackedPointLayer("sites", fields, "code", id), ...extra };
}

export function service(name: string, layers: object[], extra: object = {}): object {
  return { name, owner: "dev_publisher", layers, ...extra };
}

/** Web Mercator x/y of a longitude/latitude (the layers of these tests are in 3857). */
export function mercator(lon: number, lat: number): [number, number] {
  const x = (lon * 20037508.342789244) / 180;
  const y = Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) * 6378137;
  return [x, y];
}
