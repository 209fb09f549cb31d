// `pulumi-gis-portal export` run in this process against an emulator, as the tests of export use it:
// PORTAL_URL and PORTAL_TOKEN set for the run (dev_admin's token), stderr captured, the written
// index.ts read back; the environment and stderr restored after.
import * as fs from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../../emulator";
import { exportCommand } from "../../../cli/export";

export interface ExportRun {
  code: number;
  err: string;
  program: string;
}

export async function exportInProcess(emu: RunningEmulator, parent: string, args: string[]): Promise<ExportRun> {
  const out = fs.mkdtempSync(path.join(parent, "out-"));
  const saved = { url: process.env.PORTAL_URL, token: process.env.PORTAL_TOKEN, write: process.stderr.write };
  let err = "";
  process.env.PORTAL_URL = emu.portalUrl;
  process.env.PORTAL_TOKEN = emu.tokens.dev_admin;
  process.stderr.write = ((chunk: string) => {
    err += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    const code = await exportCommand(["--out", out, "--force", ...args]);
    return { code, err, program: fs.existsSync(path.join(out, "index.ts")) ? fs.readFileSync(path.join(out, "index.ts"), "utf8") : "" };
  } finally {
    process.stderr.write = saved.write;
    if (saved.url === undefined) delete process.env.PORTAL_URL;
    else process.env.PORTAL_URL = saved.url;
    if (saved.token === undefined) delete process.env.PORTAL_TOKEN;
    else process.env.PORTAL_TOKEN = saved.token;
  }
}
