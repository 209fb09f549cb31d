// `pulumi-gis-portal orphans --stack <name>`: the items of the portal that carry the stack marker of
// `<project>/<stack>` (provider/resources/portalItemIdentity.ts) and that the stack's state does not
// hold, e.g. left by a create killed on a portal before 10.8.1 before the marker search existed, or
// by a state edited by hand. Read-only by default; `--delete` deletes them after a confirmation
// (`--yes` for CI). The state comes from `pulumi stack export` (the user's CLI, in the project
// directory) or from `--state-file`. The portal and credentials come from the PORTAL_* variables the
// provider falls back to (provider/config.ts); nothing secret is printed.
// Exit codes: 0 done, 1 the portal or pulumi failed (or a delete did, or the confirmation was not
// given), 2 usage errors and bad input (one line on stderr).
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { ConfigError, CONFIG_KEYS, type ConfigSource, createPortalClient, isNotFound, itemIdentity, ops, redact, resolvePortalConfig, type PortalClient, type PortalClientOptions } from "../provider";

export const ORPHANS_USAGE =
  "usage: pulumi-gis-portal orphans --stack <name> [--project <name>] [--state-file <export.json>] [--json] [--delete [--yes]]";

const HELP = `${ORPHANS_USAGE}

Lists the portal items that carry the marker of <project>/<stack> and that the stack's state does
not hold. The state is read with \`pulumi stack export --stack <name>\` in the current directory,
or from --state-file (the output of that command). The project is the name in ./Pulumi.yaml,
unless --project is given.

The portal: the stack's config as the provider reads it (portal:url, portal:token, or portal:username
and portal:password; read with \`pulumi config --json --show-secrets --stack <name>\`), else the
environment: PORTAL_URL (https://…; http:// only for 127.0.0.1, ::1 and localhost), and PORTAL_TOKEN
or PORTAL_USERNAME + PORTAL_PASSWORD. With --state-file only the environment is read. Items of other owners are found when the account may read them
(an administrator sees the whole organization).

  --json     one JSON document on stdout
  --delete   delete the orphans, after typing their count or "yes" (needs a terminal)
  --yes      with --delete: do not ask (CI)
`;

/** What the command touches outside itself; tests replace it. */
export interface OrphansIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Is there a terminal to ask on? */
  isTTY: boolean;
  /** Asks one question and resolves to the line typed. */
  ask(question: string): Promise<string>;
  /** Runs `pulumi <args>` in `cwd`. */
  pulumi(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Test seams for the portal client. */
  clientOptions?: Partial<PortalClientOptions>;
}

class UsageError extends Error {}
class Failure extends Error {}

function askOnTerminal(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
    rl.on("close", () => resolve(""));
  });
}

function runPulumi(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile("pulumi", args, { cwd, env: env as NodeJS.ProcessEnv, maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") return reject(new Failure("the pulumi CLI is not on PATH; install it, or give --state-file <file> with the output of `pulumi stack export`"));
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

export function processIo(): OrphansIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
    isTTY: process.stdin.isTTY === true,
    ask: askOnTerminal,
    pulumi: runPulumi,
  };
}

interface Options {
  stack: string;
  project?: string;
  stateFile?: string;
  json: boolean;
  delete: boolean;
  yes: boolean;
  help: boolean;
}

function options(args: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        stack: { type: "string", short: "s" },
        project: { type: "string" },
        "state-file": { type: "string" },
        json: { type: "boolean", default: false },
        delete: { type: "boolean", default: false },
        yes: { type: "boolean", short: "y", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (e) {
    throw new UsageError(`${(e as Error).message.split("\n")[0]}; ${ORPHANS_USAGE}`);
  }
  const v = parsed.values;
  if (v.help) return { stack: "", json: false, delete: false, yes: false, help: true };
  if (v.stack === undefined || v.stack.trim() === "") throw new UsageError(`--stack is required; ${ORPHANS_USAGE}`);
  if (v.yes && !v.delete) throw new UsageError(`--yes only goes with --delete; ${ORPHANS_USAGE}`);
  return { stack: v.stack.trim(), project: v.project?.trim(), stateFile: v["state-file"], json: v.json, delete: v.delete, yes: v.yes, help: false };
}

/** "<project>/<stack>" as the URNs name it: a qualified `org/project/stack` gives its last part. */
function stackAndProject(o: Options, cwd: string): { stack: string; project: string } {
  const parts = o.stack.split("/");
  if (parts.length > 3 || parts.some((p) => p === "")) throw new UsageError(`--stack ${JSON.stringify(o.stack)} is not a stack name (name, or org/project/name)`);
  const stack = parts[parts.length - 1];
  const named = parts.length === 3 ? parts[1] : undefined;
  const project = o.project ?? named ?? projectOfDirectory(cwd);
  if (named !== undefined && o.project !== undefined && named !== o.project) throw new UsageError(`--stack names project ${named} but --project is ${o.project}`);
  return { stack, project };
}

function projectOfDirectory(cwd: string): string {
  const file = ["Pulumi.yaml", "Pulumi.yml"].map((f) => path.join(cwd, f)).find((f) => fs.existsSync(f));
  if (file === undefined) throw new UsageError(`no Pulumi.yaml in ${cwd}; run in the project directory or give --project <name>`);
  let doc: unknown;
  try {
    doc = parseYaml(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new UsageError(`${file} is not YAML: ${(e as Error).message.split("\n")[0]}`);
  }
  const name = (doc as { name?: unknown } | null)?.name;
  if (typeof name !== "string" || name.trim() === "") throw new UsageError(`${file} has no project name; give --project <name>`);
  return name.trim();
}

interface StateResource {
  urn?: unknown;
  id?: unknown;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

interface HeldState {
  /** Item ids the state holds (resource ids and `itemId` outputs). */
  ids: Set<string>;
  /** Creates pending in the state: the next `pulumi up` adopts their items (docs/recovery.md). */
  pending: Array<{ marker?: string; itemIdToCreate?: string }>;
  /** The "<project>/<stack>" pairs the state's URNs name. */
  stacks: Set<string>;
}

/** The parts of `pulumi stack export` (version 3) this command reads. */
export function heldByState(text: string, source: string): HeldState {
  let doc: any;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not JSON; it should be the output of \`pulumi stack export\``);
  }
  const deployment = doc?.deployment;
  if (!doc || typeof doc !== "object" || typeof deployment !== "object" || deployment === null || (deployment.resources !== undefined && !Array.isArray(deployment.resources))) {
    throw new UsageError(`${source} is JSON but not the output of \`pulumi stack export\` (no deployment)`);
  }
  const held: HeldState = { ids: new Set(), pending: [], stacks: new Set() };
  const note = (r: StateResource) => {
    if (typeof r?.urn === "string") {
      const s = itemIdentity.stackOfUrn(r.urn);
      if (s) held.stacks.add(s);
    }
  };
  for (const r of (deployment.resources ?? []) as StateResource[]) {
    note(r);
    if (typeof r?.id === "string" && r.id !== "") held.ids.add(r.id);
    const itemId = r?.outputs?.itemId;
    if (typeof itemId === "string" && itemId !== "") held.ids.add(itemId);
  }
  for (const op of (Array.isArray(deployment.pending_operations) ? deployment.pending_operations : []) as Array<{ resource?: StateResource; type?: string }>) {
    const r = op?.resource;
    if (!r) continue;
    note(r);
    if (typeof r.id === "string" && r.id !== "") held.ids.add(r.id);
    if (op.type !== "creating") continue;
    const inputs = r.inputs ?? {};
    const urn = typeof inputs.__urn === "string" ? inputs.__urn : typeof r.urn === "string" ? r.urn : undefined;
    held.pending.push({
      marker: urn ? itemIdentity.resourceMarker(urn, itemIdentity.generationOf(inputs)) : undefined,
      itemIdToCreate: typeof inputs.itemIdToCreate === "string" ? inputs.itemIdToCreate : undefined,
    });
  }
  return held;
}

async function readState(o: Options, io: OrphansIo, stack: string): Promise<HeldState> {
  if (o.stateFile !== undefined) {
    const file = path.resolve(io.cwd, o.stateFile);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      throw new UsageError((e as NodeJS.ErrnoException).code === "ENOENT" ? `no such file: ${o.stateFile}` : `cannot read ${o.stateFile}: ${(e as Error).message}`);
    }
    return heldByState(text, o.stateFile);
  }
  const r = await io.pulumi(["stack", "export", "--stack", o.stack], io.cwd, io.env);
  if (r.code !== 0) {
    const why = r.stderr.trim().split("\n").filter((l) => l.trim() !== "").pop() ?? `exit code ${r.code}`;
    throw new Failure(`pulumi stack export --stack ${stack} failed: ${redact(why)}`);
  }
  return heldByState(r.stdout, "the output of `pulumi stack export`");
}

/** The stack's config (`pulumi config --json --show-secrets`), as the provider reads it; undefined when the CLI cannot give it. */
async function stackConfig(io: OrphansIo, stack: string): Promise<ConfigSource | undefined> {
  const r = await io.pulumi(["config", "--json", "--show-secrets", "--stack", stack], io.cwd, io.env).catch(() => undefined);
  if (!r || r.code !== 0) return undefined;
  let doc: Record<string, { value?: unknown }>;
  try {
    doc = JSON.parse(r.stdout);
  } catch {
    return undefined;
  }
  return { get: (key) => doc?.[key]?.value };
}

/**
 * The portal client: the stack's config (portal:url, portal:token …) first, then the PORTAL_*
 * environment variables, as the provider resolves them (provider/config.ts). With --state-file the
 * stack config is not read (the command may run outside the project).
 */
async function portalClientFor(o: Options, io: OrphansIo, stack: string): Promise<PortalClient> {
  const source = o.stateFile === undefined ? await stackConfig(io, stack) : undefined;
  const env = io.env;
  const has = (name: keyof typeof CONFIG_KEYS) => String(source?.get(CONFIG_KEYS[name].key) ?? env[CONFIG_KEYS[name].env] ?? "").trim() !== "";
  const where = source ? "the stack config or the environment" : "the environment";
  if (!has("url")) throw new UsageError(`${CONFIG_KEYS.url.key} (${CONFIG_KEYS.url.env}) is not set in ${where}; set it to the portal's URL (https://org.example.com)`);
  if (!has("token") && !(has("username") && has("password"))) {
    throw new UsageError(`set ${CONFIG_KEYS.token.key} (${CONFIG_KEYS.token.env}), or ${CONFIG_KEYS.username.key} and ${CONFIG_KEYS.password.key} (${CONFIG_KEYS.username.env}, ${CONFIG_KEYS.password.env}), to sign in to the portal`);
  }
  try {
    return createPortalClient(resolvePortalConfig(source, env), io.clientOptions);
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(source ? e.message : e.message.replace(/\bportal:url\b/g, CONFIG_KEYS.url.env));
    throw e;
  }
}

interface Orphan {
  id: string;
  title: string;
  type: string;
  owner: string;
  created: string | null;
  folder?: string | null;
}

const oneLine = (s: unknown) => String(s ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ");
const iso = (ms: unknown) => (typeof ms === "number" && Number.isFinite(ms) ? new Date(ms).toISOString() : null);

function asOrphan(r: ops.SearchResult): Orphan {
  return { id: r.id, title: oneLine(r.title), type: oneLine(r.type), owner: oneLine(r.owner), created: iso(r.created), folder: r.ownerFolder ?? null };
}

async function confirm(io: OrphansIo, count: number, portalUrl: string): Promise<boolean> {
  const answer = (await io.ask(`Delete these ${count} item(s) from ${portalUrl}? Type ${count} or "yes" to delete: `)).trim();
  return answer === String(count) || answer.toLowerCase() === "yes";
}

async function deleteAll(client: PortalClient, orphans: Orphan[], io: OrphansIo, json: boolean): Promise<{ deleted: string[]; failed: Array<{ id: string; reason: string }> }> {
  const deleted: string[] = [];
  const failed: Array<{ id: string; reason: string }> = [];
  for (const o of orphans) {
    try {
      await ops.deleteItem(client, { owner: o.owner, itemId: o.id, folder: o.folder });
      deleted.push(o.id);
    } catch (e) {
      if (isNotFound(e)) {
        deleted.push(o.id); // gone is done
        continue;
      }
      failed.push({ id: o.id, reason: oneLine(redact((e as Error).message)) });
    }
  }
  if (!json) {
    for (const id of deleted) io.stdout(`deleted ${id}\n`);
    for (const f of failed) io.stdout(`not deleted ${f.id}: ${f.reason}\n`);
    io.stdout(`${deleted.length} deleted${failed.length > 0 ? `, ${failed.length} not deleted` : ""}\n`);
  }
  return { deleted, failed };
}

/** Runs the command; resolves to the exit code. */
export async function orphansCommand(args: string[], io: OrphansIo = processIo()): Promise<number> {
  let client: PortalClient | undefined;
  try {
    const o = options(args);
    if (o.help) {
      io.stdout(HELP);
      return 0;
    }
    const { stack, project } = stackAndProject(o, io.cwd);
    if (o.delete && !o.yes && !io.isTTY) throw new UsageError("--delete asks for a confirmation and there is no terminal; add --yes to delete without asking");
    const stackName = `${project}/${stack}`;
    const marker = itemIdentity.stackMarker(stackName);
    client = await portalClientFor(o, io, stack);
    const held = await readState(o, io, stack);
    const others = [...held.stacks].filter((s) => s !== stackName);
    if (others.length > 0) throw new UsageError(`the state is of ${others.join(", ")}, not ${stackName}; give the matching --stack / --project`);

    const self = await ops.getPortalSelf(client);
    const orgId = typeof self.id === "string" ? self.id : undefined;
    // orgid: keeps a same-named project/stack of another organization out (public items of ArcGIS Online)
    const found = await ops.searchAllItems(client, `typekeywords:${marker}${orgId ? ` orgid:${orgId}` : ""}`);
    // a search answer is fuzzy (public search reference): keep the items that hold the marker
    const marked = found.filter((r) => !Array.isArray(r.typeKeywords) || r.typeKeywords.includes(marker));
    const isPending = (r: ops.SearchResult) => held.pending.some((p) => (p.itemIdToCreate !== undefined && p.itemIdToCreate === r.id) || (p.marker !== undefined && Array.isArray(r.typeKeywords) && r.typeKeywords.includes(p.marker)));
    const notHeld = marked.filter((r) => !held.ids.has(r.id));
    const pending = notHeld.filter(isPending).map(asOrphan);
    const orphans = notHeld.filter((r) => !isPending(r)).map(asOrphan).sort((a, b) => (a.created ?? "").localeCompare(b.created ?? "") || a.id.localeCompare(b.id));
    const role = typeof self.user?.role === "string" ? self.user.role : undefined;
    const scope = role !== undefined && role !== "org_admin" ? `searched as ${self.user?.username ?? "this account"} (${role}): items of other owners not shared with it are not seen` : undefined;

    if (!o.json) {
      for (const x of orphans) io.stdout(`${x.id}\t${x.title}\t${x.type}\t${x.owner}\t${x.created ?? "-"}\n`);
      io.stdout(`${orphans.length} orphan(s) of ${stackName} in ${client.portalUrl}\n`);
      if (pending.length > 0) io.stdout(`${pending.length} more item(s) belong to creates pending in the state (${pending.map((x) => x.id).join(", ")}); the next pulumi up adopts them (docs/recovery.md)\n`);
      if (scope) io.stderr(`note: ${scope}\n`);
    }
    const report: Record<string, unknown> = {
      project,
      stack,
      marker,
      portal: client.portalUrl,
      count: orphans.length,
      orphans: orphans.map(({ folder: _folder, ...x }) => x),
      pending: pending.map(({ folder: _folder, ...x }) => x),
      ...(scope ? { note: scope } : {}),
    };
    let failed = false;
    if (o.delete && orphans.length > 0) {
      if (!o.yes && !(await confirm(io, orphans.length, client.portalUrl))) {
        io.stderr("pulumi-gis-portal orphans: not confirmed; nothing deleted\n");
        if (o.json) io.stdout(`${JSON.stringify({ ...report, deleted: [], failed: [] }, null, 2)}\n`);
        return 1;
      }
      const r = await deleteAll(client, orphans, io, o.json);
      Object.assign(report, r);
      failed = r.failed.length > 0;
    }
    if (o.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return failed ? 1 : 0;
  } catch (e) {
    io.stderr(`pulumi-gis-portal orphans: ${oneLine(redact(e instanceof Error ? e.message : String(e)))}\n`);
    return e instanceof UsageError ? 2 : 1;
  } finally {
    await client?.close();
  }
}
