// `pulumi-gis-portal orphans` against the real emulator (in-process), with the state export of
// test/fixtures/orphans/stack-export.json (project orphanproj, stack dev): two items held by the
// state, one held by a pending create, two orphans, one item of another stack and one unmarked item.
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { orphansCommand, processIo, type OrphansIo } from "../../../cli/orphans";
import { resourceMarker, stackMarker } from "../../../provider/resources/portalItem/identity";

const ROOT = path.resolve(__dirname, "../../..");
const FIXTURE = path.join(ROOT, "test/fixtures/orphans/stack-export.json");
const exported = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
const [, heldA, heldB] = exported.deployment.resources;
const pendingP = exported.deployment.pending_operations[0].resource;
const ID = {
  a: heldA.id as string,
  b: heldB.id as string,
  p: pendingP.inputs.itemIdToCreate as string,
  c: "ccccccccccccccccccccccccccccccc4",
  d: "ddddddddddddddddddddddddddddddd5",
  e: "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeee6",
  f: "fffffffffffffffffffffffffffffff7",
};
const MARK = stackMarker("orphanproj/dev");

interface Captured {
  io: OrphansIo;
  out: () => string;
  err: () => string;
  asked: string[];
}

function capture(emu: RunningEmulator, over: Partial<OrphansIo> = {}, answer = ""): Captured {
  let out = "";
  let err = "";
  const asked: string[] = [];
  const io: OrphansIo = {
    ...processIo(),
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env: { PATH: process.env.PATH, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin },
    cwd: ROOT,
    isTTY: false,
    ask: async (q) => {
      asked.push(q);
      return answer;
    },
    pulumi: async () => {
      throw new Error("pulumi must not run when --state-file is given");
    },
    ...over,
  };
  return { io, out: () => out, err: () => err, asked };
}

async function add(emu: RunningEmulator, user: string, id: string, title: string, keywords: string[], extra: Record<string, string> = {}): Promise<void> {
  const body = new URLSearchParams({ f: "json", token: emu.tokens[user], type: "Web Map", title, text: "{}", itemIdToCreate: id, typeKeywords: keywords.join(","), ...extra });
  const r: any = await (await fetch(`${emu.sharingUrl}/content/users/${user}/addItem`, { method: "POST", body })).json();
  assert.equal(r.id, id, JSON.stringify(r));
}

async function exists(emu: RunningEmulator, id: string): Promise<boolean> {
  const r: any = await (await fetch(`${emu.sharingUrl}/content/items/${id}?f=json&token=${emu.tokens.dev_admin}`)).json();
  return r.id === id;
}

const args = (...more: string[]) => ["--stack", "dev", "--project", "orphanproj", "--state-file", FIXTURE, ...more];

describe("cli: pulumi-gis-portal orphans", function () {
  this.timeout(60_000);
  let emu: RunningEmulator;

  before(async () => {
    emu = await startEmulator({ port: 0 });
  });
  after(() => emu.close());
  beforeEach(async () => {
    await fetch(`${emu.controlUrl}/reset`, { method: "POST" });
    for (const id of Object.values(ID)) assert.match(id, /^[a-z0-9]{32}$/);
    await add(emu, "dev_publisher", ID.a, "Held A", [MARK, resourceMarker(heldA.urn)]);
    await add(emu, "dev_publisher", ID.b, "Held B", [MARK, resourceMarker(heldB.urn)]);
    await add(emu, "dev_publisher", ID.p, "Pending P", [MARK, resourceMarker(pendingP.urn)]);
    await add(emu, "dev_publisher", ID.c, "Orphan\tC", [MARK, resourceMarker("urn:pulumi:dev::orphanproj::x::gone-c")]);
    await add(emu, "dev_user", ID.d, "Orphan D", [MARK]);
    await add(emu, "dev_publisher", ID.e, "Other stack", [stackMarker("orphanproj/prod")]);
    await add(emu, "dev_publisher", ID.f, "Unmarked", []);
  });

  it("lists exactly the marked items the state does not hold: one line each, a count, exit 0; the token is not printed", async () => {
    const c = capture(emu);
    assert.equal(await orphansCommand(args(), c.io), 0, c.err());
    const lines = c.out().trimEnd().split("\n");
    const rows = lines.filter((l) => l.includes("\t")).map((l) => l.split("\t"));
    assert.deepEqual(rows.map((r) => r[0]).sort(), [ID.c, ID.d]);
    const d = rows.find((r) => r[0] === ID.d)!;
    assert.deepEqual(d.slice(1, 4), ["Orphan D", "Web Map", "dev_user"]);
    assert.match(d[4], /^\d{4}-\d\d-\d\dT/);
    assert.equal(rows.find((r) => r[0] === ID.c)![1], "Orphan C", "a title's control characters do not break the line");
    assert.ok(lines.includes(`2 orphan(s) of orphanproj/dev in ${emu.portalUrl}`), c.out());
    assert.ok(lines.some((l) => l.includes(ID.p) && /pending/.test(l)), "an item of a pending create is named apart, not as an orphan");
    assert.equal(c.err(), "");
    assert.ok(!c.out().includes(emu.tokens.dev_admin));
  });

  it("--json gives the same answer for machines", async () => {
    const c = capture(emu);
    assert.equal(await orphansCommand(args("--json"), c.io), 0, c.err());
    const doc = JSON.parse(c.out());
    assert.equal(doc.count, 2);
    assert.equal(doc.marker, MARK);
    assert.deepEqual(doc.orphans.map((o: any) => o.id).sort(), [ID.c, ID.d]);
    assert.deepEqual(Object.keys(doc.orphans[0]).sort(), ["created", "id", "owner", "title", "type"]);
    assert.deepEqual(doc.pending.map((o: any) => o.id), [ID.p]);
  });

  it("--delete --yes deletes the orphans and nothing else", async () => {
    const c = capture(emu);
    assert.equal(await orphansCommand(args("--delete", "--yes"), c.io), 0, c.err());
    assert.deepEqual(c.asked, []);
    assert.ok(c.out().includes(`deleted ${ID.c}`) && c.out().includes(`deleted ${ID.d}`) && c.out().includes("2 deleted"), c.out());
    assert.equal(await exists(emu, ID.c), false);
    assert.equal(await exists(emu, ID.d), false);
    for (const id of [ID.a, ID.b, ID.p, ID.e, ID.f]) assert.equal(await exists(emu, id), true, id);
    const again = capture(emu);
    assert.equal(await orphansCommand(args("--json"), again.io), 0);
    assert.equal(JSON.parse(again.out()).count, 0);
  });

  it("--delete without --yes and without a terminal refuses (exit 2, one line) and deletes nothing", async () => {
    const c = capture(emu);
    assert.equal(await orphansCommand(args("--delete"), c.io), 2);
    assert.equal(c.err().trimEnd().split("\n").length, 1);
    assert.match(c.err(), /--yes/);
    assert.deepEqual(c.asked, []);
    assert.equal(await exists(emu, ID.c), true);
    assert.equal(await exists(emu, ID.d), true);
  });

  it("--delete on a terminal asks: another answer deletes nothing (exit 1); the count deletes", async () => {
    const no = capture(emu, { isTTY: true }, "no");
    assert.equal(await orphansCommand(args("--delete"), no.io), 1);
    assert.equal(no.asked.length, 1);
    assert.match(no.asked[0], /Type 2 or "yes"/);
    assert.equal(await exists(emu, ID.c), true);
    const yes = capture(emu, { isTTY: true }, "2");
    assert.equal(await orphansCommand(args("--delete"), yes.io), 0, yes.err());
    assert.equal(await exists(emu, ID.c), false);
    assert.equal(await exists(emu, ID.d), false);
  });

  it("a delete the portal refuses (protected item) is reported; the others go; exit 1", async () => {
    const body = new URLSearchParams({ f: "json", token: emu.tokens.dev_user });
    await fetch(`${emu.sharingUrl}/content/users/dev_user/items/${ID.d}/protect`, { method: "POST", body });
    const c = capture(emu);
    assert.equal(await orphansCommand(args("--delete", "--yes"), c.io), 1);
    assert.ok(c.out().includes(`not deleted ${ID.d}:`) && c.out().includes("1 deleted, 1 not deleted"), c.out());
    assert.equal(await exists(emu, ID.c), false);
    assert.equal(await exists(emu, ID.d), true);
  });

  it("reads the portal from the stack config and the state with `pulumi stack export --stack <name>` in the project directory, and the project from Pulumi.yaml", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "orphans-"));
    try {
      const bin = path.join(dir, "bin");
      fs.mkdirSync(bin);
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: orphanproj\nruntime: nodejs\n");
      // a stand-in for the user's CLI: records its arguments and working directory, prints the export
      // the portal comes from the stack's config (no PORTAL_* variable set), as the provider reads it
      const config = JSON.stringify({ "portal:url": { value: emu.portalUrl, secret: false }, "portal:token": { value: emu.tokens.dev_admin, secret: true } });
      fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\necho "$PWD $*" >> "${dir}/called"\nif [ "$1" = config ]; then echo '${config}'; else cat "${FIXTURE}"; fi\n`, { mode: 0o755 });
      const c = capture(emu, { cwd: dir, env: { PATH: `${bin}:${process.env.PATH}` }, pulumi: processIo().pulumi });
      assert.equal(await orphansCommand(["--stack", "dev", "--json"], c.io), 0, c.err());
      assert.equal(JSON.parse(c.out()).count, 2);
      const real = fs.realpathSync(dir);
      assert.deepEqual(fs.readFileSync(path.join(dir, "called"), "utf8").trim().split("\n"), [`${real} config --json --show-secrets --stack dev`, `${real} stack export --stack dev`]);
      assert.ok(!c.err().includes(emu.tokens.dev_admin) && !c.out().includes(emu.tokens.dev_admin));
      // a failing CLI: its last line, exit 1
      fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\necho "error: no stack named 'nope' found" >&2\nexit 255\n`, { mode: 0o755 });
      const f = capture(emu, { cwd: dir, env: { PATH: `${bin}:${process.env.PATH}`, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin }, pulumi: processIo().pulumi });
      assert.equal(await orphansCommand(["--stack", "nope"], f.io), 1);
      assert.equal(f.err(), "pulumi-gis-portal orphans: pulumi stack export --stack nope failed: error: no stack named 'nope' found\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("usage errors and bad input: one line on stderr, exit 2, no request to the portal", async () => {
    const bad = path.join(os.tmpdir(), `orphans-bad-${process.pid}.json`);
    fs.writeFileSync(bad, "{not json");
    const other = path.join(os.tmpdir(), `orphans-other-${process.pid}.json`);
    fs.writeFileSync(other, fs.readFileSync(FIXTURE, "utf8").replaceAll("urn:pulumi:dev::", "urn:pulumi:prod::"));
    const notExport = path.join(os.tmpdir(), `orphans-notexport-${process.pid}.json`);
    fs.writeFileSync(notExport, "[]");
    try {
      await fetch(`${emu.controlUrl}/requests`, { method: "DELETE" });
      const cases: Array<[string[], Partial<OrphansIo>, RegExp]> = [
        [[], {}, /--stack is required/],
        [args("--bogus"), {}, /bogus/],
        [args("--yes"), {}, /--yes only goes with --delete/],
        [["--stack", "dev", "--state-file", FIXTURE], { cwd: os.tmpdir() }, /no Pulumi\.yaml .*--project/],
        [["--stack", "dev", "--project", "orphanproj", "--state-file", bad], {}, /not JSON/],
        [["--stack", "dev", "--project", "orphanproj", "--state-file", notExport], {}, /not the output of `pulumi stack export`/],
        [["--stack", "dev", "--project", "orphanproj", "--state-file", "/nonexistent/x.json"], {}, /no such file/],
        [["--stack", "dev", "--project", "orphanproj", "--state-file", other], {}, /the state is of orphanproj\/prod, not orphanproj\/dev/],
        [args(), { env: { PORTAL_TOKEN: "tok-dev_admin" } }, /portal:url \(PORTAL_URL\) is not set/],
        [args(), { env: { PORTAL_URL: emu.portalUrl } }, /portal:token \(PORTAL_TOKEN\), or portal:username and portal:password \(PORTAL_USERNAME, PORTAL_PASSWORD\)/],
        [args(), { env: { PORTAL_URL: "http://portal.example.com", PORTAL_TOKEN: "tok-secret-value" } }, /PORTAL_URL uses http:\/\/ on portal\.example\.com/],
      ];
      for (const [argv, over, why] of cases) {
        const c = capture(emu, over);
        assert.equal(await orphansCommand(argv, c.io), 2, `${argv.join(" ")}: ${c.err()}`);
        const lines = c.err().trimEnd().split("\n");
        assert.equal(lines.length, 1, c.err());
        assert.match(lines[0], why);
        assert.ok(!c.err().includes("tok-secret-value"));
        assert.equal(c.out(), "");
      }
      const log: any = await (await fetch(`${emu.controlUrl}/requests`)).json();
      assert.deepEqual(log.requests, []);
    } finally {
      for (const f of [bad, other, notExport]) fs.rmSync(f, { force: true });
    }
  });

  it("the bin: `orphans --delete` with stdin not a terminal refuses with exit 2", () => {
    const r = spawnSync(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(ROOT, "cli/index.ts"), "orphans", ...args("--delete")], {
      cwd: ROOT,
      input: "",
      encoding: "utf8",
      env: { ...process.env, PORTAL_URL: emu.portalUrl, PORTAL_TOKEN: emu.tokens.dev_admin, TS_NODE_PROJECT: path.join(ROOT, "tsconfig.json") },
      timeout: 60_000,
    });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^pulumi-gis-portal orphans: --delete asks for a confirmation and there is no terminal; add --yes/);
    assert.equal(r.stdout, "");
  });
});
