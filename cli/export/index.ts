// `pulumi-gis-portal export --out <dir>`: reads an organization and writes a ready Pulumi TypeScript
// project that adopts it (docs/adopting.md). Credentials come from PORTAL_URL and PORTAL_TOKEN (or
// PORTAL_USERNAME + PORTAL_PASSWORD), read as the provider reads them (provider/config.ts); http://
// is refused except on loopback. Progress on stderr; one line per problem. Exit codes: 0 written;
// 2 bad input (flags, credentials, a non-empty --out, a portal that cannot be reached or refuses the
// credentials); 1 any other failure. Nothing is left in --out unless the export completes.
// --split-by owner|folder writes several projects instead of one (split.ts, projectSplit.ts).
import { parseArgs } from "node:util";
import { AuthError, ConfigError, NetworkError, PortalError, createPortalClient, resolvePortalConfig, type PortalClient } from "../../provider";
import { checkOut, stage, UsageError } from "./output";
import { renderProgram } from "./program";
import { renderSplitPrograms } from "./programSplit";
import { projectName, writeProject } from "./project";
import { partDir, writeSplitProjects } from "./projectSplit";
import { readOrganization, type OrgSnapshot } from "./read";
import { ORG_DIR, partition, SPLIT_BY, splitProjectName, type SplitBy } from "./split";

export const EXPORT_USAGE = "usage: pulumi-gis-portal export --out <dir> [--force] [--owner <user>]... [--query <search>] [--no-items] [--no-schemas] [--no-groups] [--no-members] [--no-services] [--split-by owner|folder|none]";

const HELP = `${EXPORT_USAGE}

Writes a Pulumi TypeScript project holding the organization behind PORTAL_URL and PORTAL_TOKEN (or
PORTAL_USERNAME + PORTAL_PASSWORD): its category trees, its items (text as JSON files, files
downloaded, urls) with their relationships and statuses, its hosted feature services with their
layers, tables, fields and indexes. Every resource adopts what exists, so the first \`pulumi up\`
sends no write unless something differs, and keeps retainOnDelete: true.

  --out <dir>       the project directory (must be new or empty)
  --force           replace the content of a non-empty --out
  --owner <user>    only the items of this user (repeatable); default: every item the token reads
  --query <search>  only the items this portal search matches (ANDed with the owner filter)
  --no-items        trees only
  --no-schemas      items only
  --no-groups       leave groups, memberships and folders out (items keep folder ids; their sharing leaves groups unmanaged)
  --no-members      leave members (role, user type, categories) and custom roles out
  --no-services     write hosted feature services as PortalItems (their item fields only) instead of
                    FeatureService resources with their layers, tables, fields and indexes
  --split-by <how>  owner, folder or none (default): with owner or folder, --out holds one project
                    for what is organization-wide (org/: category trees, groups and members) and one
                    per part (parts/<name>/: the items of one owner, or of one folder of one owner,
                    with their folders), which read the groups' ids from the org stack through a
                    StackReference; up org first, then the parts in parallel (README.md,
                    projects.json). One stack's up turns superlinear between about 750 and 2,250
                    resources: split past that (docs/adopting.md, docs/performance.md)
`;

interface Flags {
  out: string;
  force: boolean;
  owners: string[];
  query?: string;
  items: boolean;
  schemas: boolean;
  groups: boolean;
  members: boolean;
  services: boolean;
  splitBy: SplitBy;
}

function flagsOf(argv: string[]): Flags | "help" {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        force: { type: "boolean" },
        owner: { type: "string", multiple: true },
        query: { type: "string" },
        "no-items": { type: "boolean" },
        "no-schemas": { type: "boolean" },
        "no-groups": { type: "boolean" },
        "no-members": { type: "boolean" },
        "no-services": { type: "boolean" },
        "split-by": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split("\n")[0]}; ${EXPORT_USAGE}`);
  }
  if (values.help) return "help";
  if (typeof values.out !== "string" || values.out.trim() === "") throw new UsageError(`--out <dir> is required; ${EXPORT_USAGE}`);
  if (values["no-items"] && values["no-schemas"]) throw new UsageError("--no-items and --no-schemas together leave nothing to export");
  const splitBy = (values["split-by"] as string | undefined) ?? "none";
  if (!(SPLIT_BY as readonly string[]).includes(splitBy)) throw new UsageError(`--split-by takes ${SPLIT_BY.join(", ")} (got ${JSON.stringify(splitBy)}); ${EXPORT_USAGE}`);
  return { out: values.out, force: values.force === true, owners: (values.owner as string[] | undefined) ?? [], query: values.query as string | undefined, items: !values["no-items"], schemas: !values["no-schemas"], groups: !values["no-groups"], members: !values["no-members"], services: !values["no-services"], splitBy: splitBy as SplitBy };
}

/** The provider's config errors, in the words of the environment the export reads. */
function credentialsProblem(e: ConfigError): string {
  if (e.key === "portal:url" && /not set/.test(e.message)) return "PORTAL_URL is not set; set it to the portal's URL, e.g. PORTAL_URL=https://org.example.com";
  if (e.key === "portal:token" && /is not set/.test(e.message)) return "no credentials: set PORTAL_TOKEN, or PORTAL_USERNAME and PORTAL_PASSWORD, or PORTAL_REFRESH_TOKEN and PORTAL_CLIENT_ID, or PORTAL_CLIENT_ID and PORTAL_CLIENT_SECRET, or PORTAL_API_KEY";
  if (e.key === "portal:password") return "PORTAL_PASSWORD is not set (PORTAL_USERNAME is)";
  if (e.key === "portal:username") return "PORTAL_USERNAME is not set (PORTAL_PASSWORD is)";
  return e.message.replace(/portal:url/g, "PORTAL_URL").replace(/\.? Set it with:.*$/, "");
}

/** One line for a failure, and its exit code. */
function problem(e: unknown, url: string | undefined): { line: string; code: number } {
  const first = (s: string) => s.split("\n")[0];
  if (e instanceof UsageError) return { line: e.message, code: 2 };
  if (e instanceof ConfigError) return { line: credentialsProblem(e), code: 2 };
  if (e instanceof AuthError) return { line: `the portal at ${url} refused the credentials (${e.code}${e.messageCode ? ` ${e.messageCode}` : ""}); check PORTAL_TOKEN, or PORTAL_USERNAME and PORTAL_PASSWORD`, code: 2 };
  if (e instanceof NetworkError) return { line: `cannot reach the portal at ${url}: ${first(e.message).replace(/^.*network error: /, "")}`, code: 2 };
  if (e instanceof PortalError) return { line: first(e.message), code: 1 };
  return { line: first((e as Error)?.message ?? String(e)), code: 1 };
}

/**
 * Items carry the marker of the stack that manages them; category trees carry none (the portal
 * keeps no free field on a schema). When some stack manages items of this organization, it may
 * manage its trees too, and two stacks assigning one tree undo each other: say so, and how to leave
 * the trees out (issue 29 scope 8).
 */
export function managedTreesWarning(snapshot: Pick<OrgSnapshot, "contentTree" | "memberTree" | "managingStacks">): string | undefined {
  const trees = (snapshot.contentTree?.length ?? 0) + (snapshot.memberTree?.length ?? 0);
  const stacks = snapshot.managingStacks?.length ?? 0;
  if (trees === 0 || stacks === 0) return undefined;
  return (
    `warning: ${stacks} Pulumi stack${stacks > 1 ? "s" : ""} already manage${stacks > 1 ? "" : "s"} items of this organization (type keyword${stacks > 1 ? "s" : ""} ${snapshot.managingStacks!.join(", ")}), ` +
    "and the category trees written here carry no marker to tell whether one of them manages the trees too; if one does, export again with --no-schemas (two stacks assigning one tree undo each other's changes)"
  );
}

/** One project (the default): writes it; the secrets it requires. */
async function writeOne(dir: string, snapshot: OrgSnapshot): Promise<{ projects: string; secrets: string[] }> {
  const program = renderProgram(snapshot);
  await writeProject(dir, snapshot, program);
  return { projects: "", secrets: program.secrets.map((s) => s.key) };
}

/** --split-by owner|folder: writes the org project and one per part; the projects and the secrets (`<path>: <key>`). */
async function writeSplit(dir: string, snapshot: OrgSnapshot, by: Exclude<SplitBy, "none">): Promise<{ projects: string; secrets: string[] }> {
  const split = partition(snapshot, by);
  const programs = renderSplitPrograms(snapshot, split, splitProjectName(projectName(snapshot), ORG_DIR));
  const projects = await writeSplitProjects(dir, snapshot, split, programs);
  const secrets = split.parts.flatMap((p, i) => programs.parts[i].secrets.map((s) => `${partDir(p)}: ${s.key}`));
  return { projects: ` in ${projects.length} projects (${ORG_DIR} first, then ${split.parts.length} part(s); projects.json)`, secrets };
}

export async function exportCommand(argv: string[]): Promise<number> {
  const say = (line: string) => process.stderr.write(`pulumi-gis-portal export: ${line}\n`);
  let url: string | undefined;
  let client: PortalClient | undefined;
  let staging: Awaited<ReturnType<typeof stage>> | undefined;
  try {
    const flags = flagsOf(argv);
    if (flags === "help") {
      process.stdout.write(HELP);
      return 0;
    }
    const config = resolvePortalConfig(undefined, process.env);
    url = config.portalUrl;
    await checkOut(flags.out, flags.force);
    client = createPortalClient(config);
    // the credentials and the URL are proven before anything is written
    await client.self();
    staging = await stage(flags.out);
    const snapshot = await readOrganization(client, { dir: staging.dir, owners: flags.owners, query: flags.query, items: flags.items, schemas: flags.schemas, groups: flags.groups, members: flags.members, services: flags.services, progress: say });
    for (const s of snapshot.skipped) say(`skipped item ${s.id} ${JSON.stringify(s.title)}: ${s.reason}`);
    const warning = managedTreesWarning(snapshot);
    if (warning) say(warning);
    const written = flags.splitBy === "none" ? await writeOne(staging.dir, snapshot) : await writeSplit(staging.dir, snapshot, flags.splitBy);
    await staging.publish();
    const files = snapshot.items.filter((e) => e.file).length;
    const services = snapshot.items.filter((e) => e.service).length;
    say(`wrote ${flags.out}: ${snapshot.items.length} item(s)${services > 0 ? ` (${services} hosted feature service(s))` : ""}, ${files} file(s)${written.projects}${written.secrets.length > 0 ? `; secrets to set before the first preview: ${written.secrets.join(", ")}` : ""}`);
    return 0;
  } catch (e) {
    await staging?.discard().catch(() => undefined);
    const { line, code } = problem(e, url);
    say(line);
    return code;
  } finally {
    await client?.close();
  }
}
