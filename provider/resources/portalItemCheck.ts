// PortalItem check (design rule 5): normalize the inputs, record the file's size and SHA-256 (so a
// changed file is a diff), keep one itemIdToCreate per resource generation, and list every failure
// before any request is sent.
import { createHash, randomBytes } from "node:crypto";
import { constants, createReadStream, promises as fsp } from "node:fs";
import { pipeline } from "node:stream/promises";
import { ITEM } from "../limits";
import type { CheckFailure } from "../schemas/failures";
import { isUnknown } from "../schemas/unknown";
import { INPUT_KEYS, inputFailures } from "./portalItemInput";

type Props = Record<string, any>;

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Seed 2.1 itemIdToCreate: 32 random letters and digits. */
export function newItemIdToCreate(): string {
  const bytes = randomBytes(ITEM.itemIdToCreateLength * 2);
  let id = "";
  // rejection sampling keeps every character equally likely (248 = 4 × 62)
  for (const b of bytes) if (b < 248 && id.length < ITEM.itemIdToCreateLength) id += ALPHANUMERIC[b % 62];
  return id.length === ITEM.itemIdToCreateLength ? id : newItemIdToCreate();
}

/** Seed 2.1 tags (comma-delimited) and categories (JSON array or comma list) as lists. */
function asList(v: unknown): unknown {
  if (typeof v !== "string" || isUnknown(v)) return v;
  return v.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/** The file's size and SHA-256, streamed; a failure names `file` and the path. */
export async function fileFacts(path: string): Promise<{ fileSize: number; fileSha256: string } | CheckFailure> {
  try {
    await fsp.access(path, constants.R_OK);
    const stat = await fsp.stat(path);
    if (!stat.isFile()) return { property: "file", reason: `${JSON.stringify(path)} is not a file` };
    const hash = createHash("sha256");
    await pipeline(createReadStream(path), hash);
    return { fileSize: stat.size, fileSha256: hash.digest("hex") };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "unreadable";
    return { property: "file", reason: `${JSON.stringify(path)} cannot be read (${code}); give a path to a readable file, relative to the Pulumi project directory` };
  }
}

/**
 * Design.md: itemIdToCreate is generated once per resource generation and kept in inputs. A new
 * one is drawn only when a replace-triggering field changed, so a replacement (create-before-delete)
 * does not collide with the item it replaces.
 */
function itemIdToCreateFor(olds: Props, news: Props): { itemIdToCreate: string; generatedItemIdToCreate: boolean } {
  if (news.itemIdToCreate !== undefined) return { itemIdToCreate: news.itemIdToCreate, generatedItemIdToCreate: false };
  const sameGeneration =
    olds.generatedItemIdToCreate === true &&
    typeof olds.itemIdToCreate === "string" &&
    olds.type === news.type &&
    // an unset owner or folder means "the configured user's root folder": not a change
    (news.owner === undefined || news.owner === olds.owner) &&
    (news.folder === undefined || news.folder === olds.folder);
  return { itemIdToCreate: sameGeneration ? olds.itemIdToCreate : newItemIdToCreate(), generatedItemIdToCreate: true };
}

export async function checkPortalItem(olds: Props, news: Props): Promise<{ inputs: Props; failures?: CheckFailure[] }> {
  const inputs: Props = {};
  for (const key of INPUT_KEYS) if (news[key] !== undefined && news[key] !== null) inputs[key] = news[key];
  for (const key of ["tags", "categories"]) if (inputs[key] !== undefined) inputs[key] = asList(inputs[key]);
  delete inputs.fileSha256;
  delete inputs.fileSize;
  delete inputs.generatedItemIdToCreate;
  const failures = inputFailures(inputs, news.itemIdToCreate ?? undefined);
  if (typeof inputs.file === "string" && !isUnknown(inputs.file)) {
    const facts = await fileFacts(inputs.file);
    if ("property" in facts) failures.push(facts);
    else Object.assign(inputs, facts);
  }
  Object.assign(inputs, itemIdToCreateFor(olds ?? {}, { ...news, itemIdToCreate: news.itemIdToCreate ?? undefined }));
  return failures.length > 0 ? { inputs, failures } : { inputs };
}
