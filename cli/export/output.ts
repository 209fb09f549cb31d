// The output directory of an export: refused when it holds anything (unless --force), written in a
// staging directory beside it and renamed into place at the end, so a failed export leaves nothing.
import * as fs from "node:fs";
import * as path from "node:path";

/** Bad input the user can fix: one line, exit code 2. */
export class UsageError extends Error {}

async function entries(dir: string): Promise<string[] | undefined> {
  try {
    return await fs.promises.readdir(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ENOTDIR") throw new UsageError(`--out ${dir} is a file; give a directory`);
    throw e;
  }
}

/** Refuses a non-empty --out before anything is read or written. */
export async function checkOut(out: string, force: boolean): Promise<void> {
  const found = await entries(out);
  if (found && found.length > 0 && !force) throw new UsageError(`--out ${out} is not empty; give a new or empty directory, or add --force to replace its content`);
}

export interface Staging {
  dir: string;
  /** Moves the staged project to --out (replacing it with --force). */
  publish(): Promise<void>;
  /** Removes everything this export made (on failure). */
  discard(): Promise<void>;
}

export async function stage(out: string): Promise<Staging> {
  const parent = path.dirname(path.resolve(out));
  // the first directory mkdir creates, so that a failure removes the parents it made too
  const madeParent = await fs.promises.mkdir(parent, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(parent, `.${path.basename(out)}.export-`));
  return {
    dir,
    async publish() {
      if ((await entries(out)) !== undefined) await fs.promises.rm(out, { recursive: true, force: true });
      await fs.promises.rename(dir, out);
    },
    async discard() {
      await fs.promises.rm(madeParent ?? dir, { recursive: true, force: true });
    },
  };
}
