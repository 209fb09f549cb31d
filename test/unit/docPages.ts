// The user pages of the repository: README.md, docs/*.md outside docs/dev, docs/resources/*.md,
// the examples' READMEs and the emulator package's README (docs-wording and pack-contents tests).
import * as fs from "node:fs";
import * as path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");

/** Every user page, as paths relative to the repository root. */
export function userPages(root = ROOT): string[] {
  const md = (dir: string) => (fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".md")).map((f) => `${dir}/${f}`) : []);
  const readmes: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(root, dir))) return;
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else if (e.name === "README.md") readmes.push(`${dir}/${e.name}`);
    }
  };
  walk("examples");
  return ["README.md", ...md("docs"), ...md("docs/resources"), ...readmes, ...(fs.existsSync(path.join(root, "packages/emulator/README.md")) ? ["packages/emulator/README.md"] : [])].sort();
}

