// The program and the emulator controls shared by the reliability tests that run the real engine:
// one CategorySchema, one MemberCategorySchema and one ItemStatus (spec.md#design-tests row).
import type { Stack } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { createFixtureProject, fixtureStack, type FixtureProject } from "../../support/pulumi";
import { addWebMap } from "../../provider/resources/portalCalls";

export const PROJECT = "reliability";

/** The program under test: the three resources that exist, each reading its inputs from config. */
export const program = `
const pulumi = require("@pulumi/pulumi");
const portal = require("pulumi-gis-portal");
const config = new pulumi.Config();
new portal.CategorySchema("org-categories", { categorySchema: [
  { title: "Categories", categories: [
    { title: "Water", description: "Hydrology", categories: [{ title: "Rivers" }, { title: "Lakes" }] },
    { title: "Land", categories: [{ title: "Soils", description: "Soil maps" }] },
  ] },
] });
new portal.MemberCategorySchema("member-categories", { memberCategorySchema: [
  { title: "Departments", categories: [{ title: "Planning" }, { title: "Utilities" }] },
] });
new portal.ItemStatus("basemap-status", { itemId: config.require("itemId"), status: "org_authoritative" });
`;

/** The content tree of `program` as the portal stores it (descriptions "" and categories [] filled in). */
export const programContentTree = [
  {
    title: "Categories",
    description: "",
    categories: [
      { title: "Water", description: "Hydrology", categories: [{ title: "Rivers", description: "", categories: [] }, { title: "Lakes", description: "", categories: [] }] },
      { title: "Land", description: "", categories: [{ title: "Soils", description: "Soil maps", categories: [] }] },
    ],
  },
];

export const programMemberTree = [{ title: "Departments", categories: [{ title: "Planning", categories: [] }, { title: "Utilities", categories: [] }] }];

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  operation: string;
  status: number;
}

/** The emulator's request log (control plane), oldest first. */
export async function requests(emu: RunningEmulator): Promise<LoggedRequest[]> {
  return ((await (await fetch(`${emu.controlUrl}/requests`)).json()) as { requests: LoggedRequest[] }).requests;
}

export async function clearRequests(emu: RunningEmulator): Promise<void> {
  await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
}

/** POST {controlUrl}/faults (docs/emulator.md): rate, codes, latencyMs, dropConnections, burst429, paths. */
export async function setFaults(emu: RunningEmulator, spec: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${emu.controlUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
  if (!res.ok) throw new Error(`faults refused: ${await res.text()}`);
}

export async function clearFaults(emu: RunningEmulator): Promise<void> {
  await fetch(`${emu.controlUrl}/faults`, { method: "DELETE" });
}

/**
 * Turns `spec` on, then off again as soon as the request log shows `failures` failed answers
 * (status ≠ 200) since it was set. Fewer failures than the client's retries per request means
 * every request still succeeds, whatever the order the engine sends them in: the outcome does not
 * depend on Math.random, only on the retries happening.
 */
export async function faultsUntil(emu: RunningEmulator, spec: Record<string, unknown>, failures: number): Promise<{ stop(): Promise<number> }> {
  const since = (await requests(emu)).reduce((m, r) => Math.max(m, r.seq), 0);
  await setFaults(emu, spec);
  let seen = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      seen = (await requests(emu)).filter((r) => r.seq > since && r.status !== 200).length;
      if (seen >= failures) {
        await clearFaults(emu);
        return;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    stop: async () => {
      done = true;
      await watch;
      await clearFaults(emu);
      return seen;
    },
  };
}

/** Requests per "METHOD path" (query string dropped, tokens are redacted by the emulator anyway). */
export function countBy(log: LoggedRequest[], pred: (r: LoggedRequest) => boolean = () => true): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of log.filter(pred)) {
    const key = `${r.method} ${r.path.split("?")[0]}`;
    m.set(key, (m.get(key) ?? 0) + 1);
  }
  return m;
}

export interface EngineFixture {
  emu: RunningEmulator;
  project: FixtureProject;
  stack: Stack;
  /** The web map whose status the program sets. */
  itemId: string;
  close(): Promise<void>;
}

/** An emulator, a web map for the ItemStatus, and the reliability program's `dev` stack against them. */
export async function startEngineFixture(): Promise<EngineFixture> {
  const emu = await startEmulator({ port: 0 });
  const itemId = await addWebMap(emu, "dev_admin", "Basemap");
  const project = createFixtureProject(PROJECT, program);
  const stack = await fixtureStack(project, "dev", {
    "portal:url": { value: emu.portalUrl },
    "portal:token": { value: emu.tokens.dev_admin, secret: true },
    [`${PROJECT}:itemId`]: { value: itemId },
  });
  return {
    emu,
    project,
    stack,
    itemId,
    close: async () => {
      await clearFaults(emu);
      await emu.close();
      project.remove();
    },
  };
}
