// The files of the Pulumi TypeScript project an export writes around index.ts: Pulumi.yaml,
// package.json (this package's version and @pulumi/pulumi), tsconfig.json, README.md (what to set,
// what the first up does), the trees as YAML and the text items as JSON. All text is deterministic.
import * as fs from "node:fs";
import * as path from "node:path";
import { stringify as toYaml } from "yaml";
import type { SecretKey } from "./program";
import type { ExportedItem, ExportNode, OrgSnapshot } from "./read";
import { slug } from "./names";

/** This package's package.json (the generated project depends on the same version). */
function ownPackage(): { name: string; version: string; peerDependencies?: Record<string, string> } {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
      if (pkg.name === "pulumi-gis-portal") return pkg;
    }
    if (path.dirname(dir) === dir) throw new Error("cannot find the package.json of pulumi-gis-portal");
  }
}

export function projectName(snapshot: OrgSnapshot): string {
  return `portal-${slug(snapshot.portal.urlKey || snapshot.portal.name) || "org"}`;
}

/** "Organization X (id) as code" */
export function asCode(snapshot: Pick<OrgSnapshot, "portal">): string {
  return `Organization ${snapshot.portal.name} (${snapshot.portal.id}) as code`;
}

export function pulumiYaml(name: string, description: string): string {
  return [
    `name: ${name}`,
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    `description: ${JSON.stringify(description)}`,
    "main: index.ts",
    "",
  ].join("\n");
}

/** The package.json of a project (`main` its program), or of the root of a split export's projects (no `main`). */
export function packageJson(name: string, main: string | null = "index.ts"): string {
  const own = ownPackage();
  const pkg = {
    name,
    private: true,
    main: main ?? undefined,
    dependencies: { "@pulumi/pulumi": own.peerDependencies?.["@pulumi/pulumi"] ?? "^3.142.0", "pulumi-gis-portal": `^${own.version}` },
    devDependencies: { "@types/node": "^20.0.0", typescript: "^5.9.0" },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export const TSCONFIG = `${JSON.stringify(
  { compilerOptions: { target: "ES2022", module: "node16", moduleResolution: "node16", strict: true, esModuleInterop: true, skipLibCheck: true }, files: ["index.ts"] },
  null,
  2,
)}\n`;

function readme(name: string, snapshot: OrgSnapshot, secrets: readonly SecretKey[]): string {
  const p = snapshot.portal;
  const lines = [
    `# ${name}`,
    "",
    `Organization ${p.name} (${p.id}) at ${p.url}, exported by \`pulumi-gis-portal export\`: ${snapshot.items.length} item(s)${snapshot.contentTree ? " and the category trees" : ""}.`,
    "Every resource adopts what exists: the first `pulumi up` changes only what differs from this",
    "program, and sends no write when nothing does. Every resource has `retainOnDelete: true`, so a",
    "`pulumi destroy` (or a resource removed from index.ts) leaves the portal's content in place;",
    "remove the option from a resource once you trust the stack with it.",
    "",
    "## Use",
    "",
    "```sh",
    "npm install",
    "pulumi stack init dev",
    `pulumi config set portal:url ${p.url}`,
    "pulumi config set --secret portal:token <token>   # or portal:username + portal:password",
    ...secrets.map((s) => `pulumi config set --secret ${s.key} <password>`),
    "pulumi preview   # only creates, each saying \"adopt\" and what would change",
    "pulumi up        # adopts; nothing is written to the portal unless something differs",
    "```",
    "",
  ];
  if (secrets.length > 0) {
    lines.push("## Secrets to set", "", "The portal never returns a stored service password; set each before the first preview:", "");
    for (const s of secrets) lines.push(`- \`${s.key}\`: the service password of ${JSON.stringify(s.title)} (item ${s.itemId})`);
    lines.push("");
  }
  lines.push(
    "## Files",
    "",
    "- `index.ts`: one resource per item, with its fields as the portal returned them",
    ...(snapshot.contentTree ? ["- `trees/content-categories.yaml`, `trees/member-categories.yaml`: the category trees"] : []),
    "- `items/`: the JSON of text items (web maps, apps); `files/`: the files of file items",
    "",
  );
  return lines.join("\n");
}

function treeYaml(nodes: ExportNode[], what: string): string {
  const head = `# The organization's ${what}, as the portal held them at export. Edit, then pulumi preview.\n`;
  return nodes.length === 0 ? `${head}# (none yet)\n[]\n` : head + toYaml(nodes, { lineWidth: 0 });
}

export async function write(dir: string, file: string, text: string): Promise<void> {
  const full = path.join(dir, file);
  await fs.promises.mkdir(path.dirname(full), { recursive: true });
  await fs.promises.writeFile(full, text);
}

/** Writes every project file but the downloaded ones (already under files/). */
export async function writeProject(dir: string, snapshot: OrgSnapshot, program: { text: string; secrets: SecretKey[] }): Promise<void> {
  const name = projectName(snapshot);
  await write(dir, "Pulumi.yaml", pulumiYaml(name, `${asCode(snapshot)}, exported by pulumi-gis-portal`));
  await write(dir, "package.json", packageJson(name));
  await write(dir, "tsconfig.json", TSCONFIG);
  await write(dir, ".gitignore", "node_modules/\n");
  await write(dir, "README.md", readme(name, snapshot, program.secrets));
  await write(dir, "index.ts", program.text);
  await writeTrees(dir, snapshot);
  await writeTexts(dir, snapshot.items);
}

/** trees/*.yaml (none with --no-schemas). */
export async function writeTrees(dir: string, snapshot: Pick<OrgSnapshot, "contentTree" | "memberTree">): Promise<void> {
  if (!snapshot.contentTree) return;
  await write(dir, "trees/content-categories.yaml", treeYaml(snapshot.contentTree, "content categories (spec.md#category-schema)"));
  await write(dir, "trees/member-categories.yaml", treeYaml(snapshot.memberTree ?? [], "member categories (spec.md#member-category-schema)"));
}

/** items/<name>.json (or .txt) of the text items. */
export async function writeTexts(dir: string, items: readonly ExportedItem[]): Promise<void> {
  for (const e of items) {
    if (e.text?.json) await write(dir, `items/${e.name}.json`, `${JSON.stringify(e.text.value, null, 2)}\n`);
    else if (e.text) await write(dir, `items/${e.name}.txt`, String(e.text.value));
  }
}
