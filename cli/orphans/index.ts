// `pulumi-gis-portal orphans --stack <name>`: the items of the portal that carry the stack marker of
// `<project>/<stack>` (provider/resources/portalItem/identity.ts) and that the stack's state does not
// hold, e.g. left by a create killed on a portal before 10.8.1 before the marker search existed, or
// by a state edited by hand. Read-only by default; `--delete` deletes them after a confirmation
// (`--yes` for CI). The state comes from `pulumi stack export` (the user's CLI, in the project
// directory) or from `--state-file`. The portal and credentials come from the PORTAL_* variables the
// provider falls back to (provider/config.ts); nothing secret is printed.
// Exit codes: 0 done, 1 the portal or pulumi failed (or a delete did, or the confirmation was not
// given), 2 usage errors and bad input (one line on stderr).
import { itemIdentity, ops, redact, type PortalClient } from "../../provider";
import { asOrphan, confirm, deleteAll, oneLine } from "./delete";
import { processIo, UsageError, type OrphansIo } from "./io";
import { HELP, options, stackAndProject } from "./options";
import { portalClientFor } from "./portal";
import { readState } from "./state";

export { ORPHANS_USAGE } from "./options";
export { heldByState } from "./state";
export { processIo, type OrphansIo } from "./io";

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
