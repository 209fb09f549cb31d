// Direct HTTP calls to the emulator's feature side for the LayerAppend tests: what the layer holds
// (query) and the control plane's job stepping. Plain fetch, no provider code. Not a test file.
export interface FeatureEmulator {
  serviceUrl: string;
  controlUrl: string;
  tokens: Record<string, string>;
}

/** Every row of a layer (attributes only), as `user`. */
export async function layerRows(emu: FeatureEmulator, user: string, service: string, layerId = 0): Promise<Record<string, any>[]> {
  const q = new URLSearchParams({ where: "1=1", outFields: "*", returnGeometry: "false", f: "json", token: emu.tokens[user] });
  const json: any = await (await fetch(`${emu.serviceUrl}/${service}/FeatureServer/${layerId}/query?${q}`)).json();
  if (json.error) throw new Error(`query: ${JSON.stringify(json.error)}`);
  return json.features.map((f: any) => f.attributes);
}

/** Control plane: `manual` holds each step of a job kind until stepped. */
export async function setJobMode(emu: FeatureEmulator, kind: string, mode: "manual" | "auto"): Promise<void> {
  const res = await fetch(`${emu.controlUrl}/jobs/mode`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ kind, mode }) });
  if (!res.ok) throw new Error(`jobs/mode: ${res.status} ${await res.text()}`);
}

/** Control plane: the open and finished jobs. */
export async function jobsOf(emu: FeatureEmulator, kind: string): Promise<{ id: string; kind: string; status: string; step: number; steps: number }[]> {
  const json: any = await (await fetch(`${emu.controlUrl}/jobs`)).json();
  return json.jobs.filter((j: any) => j.kind === kind);
}

/** Waits (by polling the control plane) until a job of `kind` exists, and returns it. */
export async function firstJob(emu: FeatureEmulator, kind: string): Promise<{ id: string; status: string }> {
  for (let i = 0; i < 200; i++) {
    const [job] = await jobsOf(emu, kind);
    if (job) return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${kind} job started`);
}

export async function stepJob(emu: FeatureEmulator, id: string): Promise<any> {
  const res = await fetch(`${emu.controlUrl}/jobs/${encodeURIComponent(id)}/step`, { method: "POST" });
  return res.json();
}
