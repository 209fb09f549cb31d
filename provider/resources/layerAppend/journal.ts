// The append journal (issue "crash-safe creates"): an append has no idempotency key in the contract
// (spec.md#append) and the portal lists no jobs, so a `pulumi up` killed after the append was sent would,
// after recovery, append the same rows again. Create therefore writes a small record in the project
// directory before it sends the append (`sending`) and as soon as the portal answers (`started`,
// with the job id). A create re-run for the same resource and the same inputs (after
// `--clear-pending-creates`, or a plain `up`) finds the record and waits for that job instead of
// appending again. Delete removes the record. docs/recovery.md "LayerAppend".
import { promises as fsp } from "node:fs";
import * as path from "node:path";
import { sha256Hex } from "../../fileHash";
import { LAYER_APPEND_INPUT_KEYS } from "./table";

import type { LayerAppendProps as Props } from "./props";

/** Where records live: `PORTAL_APPEND_JOURNAL_DIR`, else `.pulumi-gis-portal/appends` in the project. */
export function journalDir(): string {
  return process.env.PORTAL_APPEND_JOURNAL_DIR ?? path.join(process.cwd(), ".pulumi-gis-portal", "appends");
}

export interface JournalEntry {
  urn: string;
  /** SHA-256 of the append's inputs: a changed input is another append. */
  inputsSha256: string;
  layer: string;
  state: "sending" | "started";
  jobId?: string;
  appendUploadId?: string;
  /** The layer's last-edit time read just before the append was sent (spec.md#append-last-edit). */
  layerEditedAt?: number;
  at: string;
}

/** The inputs that decide what is appended, hashed in a stable key order. */
export function inputsSha256(inputs: Props): string {
  const picked = Object.fromEntries(LAYER_APPEND_INPUT_KEYS.filter((k) => k !== "timeoutSeconds" && inputs[k] !== undefined).map((k) => [k, inputs[k]]));
  return sha256Hex(JSON.stringify(picked));
}

function fileOf(urn: string, inputs: Props): string {
  return path.join(journalDir(), `${sha256Hex(`${urn}\n${inputsSha256(inputs)}`).slice(0, 32)}.json`);
}

/** The record of this resource's append with these inputs, if an earlier run wrote one. */
export async function readJournal(urn: string, inputs: Props): Promise<JournalEntry | undefined> {
  try {
    const e = JSON.parse(await fsp.readFile(fileOf(urn, inputs), "utf8")) as JournalEntry;
    return e.urn === urn && e.inputsSha256 === inputsSha256(inputs) ? e : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the record durably (temp file, fsync, rename) before the caller goes on. */
export async function writeJournal(urn: string, inputs: Props, entry: Omit<JournalEntry, "urn" | "inputsSha256" | "at">): Promise<void> {
  const file = fileOf(urn, inputs);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const body: JournalEntry = { urn, inputsSha256: inputsSha256(inputs), ...entry, at: new Date().toISOString() };
  const h = await fsp.open(tmp, "w");
  try {
    await h.writeFile(`${JSON.stringify(body, null, 2)}\n`);
    await h.sync();
  } finally {
    await h.close();
  }
  await fsp.rename(tmp, file);
}

/** Drops the record (delete of the resource); a missing record is fine. */
export async function removeJournal(urn: string, inputs: Props): Promise<void> {
  await fsp.rm(fileOf(urn, inputs), { force: true });
}
