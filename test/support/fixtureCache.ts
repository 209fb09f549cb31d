// One `npm pack` and one `npm install` per build, shared by every test process of a run (and by the
// next run while the build is the same): the packed tarball is kept under a key made of the packed
// files' contents, and an install of given dependencies under a key made of those dependencies (the
// tarball's path, hence its build, among them). A fixture project gets a copy of that install's
// node_modules and lock file, exactly the files `npm install` wrote there, instead of a fresh npm
// install of ~10,000 files (about 20 s each). Entries are made in a temporary directory and renamed
// into place, so two processes making the same one at once both end with a whole entry; entries not
// used for two days are removed.
//
// Environment: PORTAL_TEST_CACHE — the cache's directory (default: <tmpdir>/pulumi-gis-portal-test-cache);
// PORTAL_TEST_CACHE=off packs once per process and runs npm install in every project, as before.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const STALE_MS = 2 * 24 * 3600 * 1000;

export function cacheDisabled(): boolean {
  return process.env.PORTAL_TEST_CACHE === "off";
}

function cacheRoot(): string {
  const dir = process.env.PORTAL_TEST_CACHE || path.join(os.tmpdir(), "pulumi-gis-portal-test-cache");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** sha256 (hex, 16 chars) of the files under `paths` (relative to `base`): their relative paths and contents. */
export function contentKey(base: string, paths: string[], extra = ""): string {
  const h = createHash("sha256").update(extra);
  const add = (rel: string) => {
    const p = path.join(base, rel);
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p).sort()) add(path.join(rel, e));
    } else {
      h.update(`\0${rel}\0${st.size}\0`).update(fs.readFileSync(p));
    }
  };
  paths.forEach(add);
  return h.digest("hex").slice(0, 16);
}

/**
 * The directory `<cache>/<name>`, made by `make(tmpDir)` when it is not there yet (in a temporary
 * directory renamed into place). Touched on each use; old siblings are pruned when one is made.
 */
export function cachedDir(name: string, make: (dir: string) => void): string {
  const root = cacheRoot();
  const final = path.join(root, name);
  if (!fs.existsSync(final)) {
    prune(root);
    const tmp = fs.mkdtempSync(path.join(root, `.making-${name}-`));
    try {
      make(tmp);
      fs.renameSync(tmp, final);
    } catch (e) {
      fs.rmSync(tmp, { recursive: true, force: true });
      // another process made it first: use theirs
      if (!fs.existsSync(final)) throw e;
    }
  }
  const now = new Date();
  fs.utimesSync(final, now, now);
  return final;
}

function prune(root: string): void {
  for (const e of fs.readdirSync(root)) {
    const p = path.join(root, e);
    try {
      if (Date.now() - fs.statSync(p).mtimeMs > STALE_MS) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // a concurrent prune removed it
    }
  }
}

/** `npm pack` of `pkgDir` into the cache (keyed by `key`); the tarball's path. */
export function cachedPack(pkgDir: string, key: string, packArgs: string[]): string {
  const dir = cachedDir(`pack-${key}`, (d) => {
    execFileSync("npm", ["pack", "--silent", ...packArgs, "--pack-destination", d], { cwd: pkgDir, encoding: "utf8" });
  });
  const tgz = fs.readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`test cache: no tarball in ${dir}`);
  return path.join(dir, tgz);
}

const NPM_INSTALL = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

export interface Manifest {
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** An `npm install` of exactly `manifest` (made once per manifest), as a directory with package.json, package-lock.json and node_modules. */
export function installedTemplate(manifest: Manifest): string {
  const key = createHash("sha256").update(JSON.stringify([manifest.dependencies, manifest.devDependencies ?? {}])).digest("hex").slice(0, 16);
  return cachedDir(`install-${key}`, (d) => {
    fs.writeFileSync(path.join(d, "package.json"), JSON.stringify({ name: "fixture-template", private: true, ...manifest }, null, 2));
    execFileSync("npm", NPM_INSTALL, { cwd: d, stdio: ["ignore", "ignore", "inherit"] });
  });
}

/**
 * Gives `dir` (holding its own package.json with the same dependencies as `manifest`) the installed
 * node_modules and package-lock.json of `manifest`: a copy of the cached install, or, with the cache
 * off, `npm install` in `dir`. Local dependencies are tarballs (`file:x.tgz`), as `npm pack` makes
 * them; a `file:` directory would be a symlink relative to the template.
 */
export function installInto(dir: string, manifest: Manifest): void {
  if (cacheDisabled()) {
    execFileSync("npm", NPM_INSTALL, { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    return;
  }
  const template = installedTemplate(manifest);
  const name = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name;
  fs.cpSync(path.join(template, "node_modules"), path.join(dir, "node_modules"), { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  // the lock files name the project, as npm install in `dir` would have written them
  for (const lock of ["package-lock.json", path.join("node_modules", ".package-lock.json")]) {
    const from = path.join(template, lock);
    if (!fs.existsSync(from)) continue;
    const data = JSON.parse(fs.readFileSync(from, "utf8"));
    data.name = name;
    if (data.packages?.[""]) data.packages[""].name = name;
    // npm writes a file: tarball's place relative to the project: from the template's to this one's
    for (const entry of Object.values<{ resolved?: string }>(data.packages ?? {})) {
      const rel = entry.resolved?.startsWith("file:") ? entry.resolved.slice("file:".length) : undefined;
      if (rel !== undefined && !path.isAbsolute(rel)) entry.resolved = `file:${path.relative(dir, path.resolve(template, rel))}`;
    }
    const to = path.join(dir, lock);
    const stat = fs.statSync(from);
    fs.writeFileSync(to, `${JSON.stringify(data, null, 2)}\n`);
    fs.utimesSync(to, stat.atime, stat.mtime);
  }
}
