// The examples as a user copies them (examples/<name>): the list, the copy (what git would give:
// no node_modules, no local records), and the commands of the README's "Try it" block.
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(__dirname, "..", "..");
export const EXAMPLES_DIR = path.join(root, "examples");

/** The example projects, each with its README, .gitignore, package.json and package-lock.json. */
export const EXAMPLES = ["catalogue", "categories", "csv-upsert", "ci", "stations"] as const;
export type ExampleName = (typeof EXAMPLES)[number];

/** Copies an example into `dest` as a clone would have it. */
export function copyExample(name: string, dest: string): void {
  const from = path.join(EXAMPLES_DIR, name);
  fs.cpSync(from, dest, { recursive: true, filter: (src) => !/(^|[\\/])(node_modules|\.pulumi-gis-portal)([\\/]|$)/.test(path.relative(from, src)) });
}
