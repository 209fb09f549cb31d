// A local npm registry for the examples' lockfiles: it serves this checkout's packed tarballs under
// the names and versions they will be published with, and sends every other request on to the
// public registry (a redirect). The examples depend on the published packages (`^0.1.0`) and their
// lockfiles resolve them at https://registry.npmjs.org/<name>/-/<name>-<version>.tgz, so
// `npm ci` with `npm_config_registry` set to this registry installs the examples exactly as
// committed, with the packed package in place of the published one (npm puts the configured
// registry in place of registry.npmjs.org in a lockfile's URLs).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export const PUBLIC_REGISTRY = "https://registry.npmjs.org";

export interface LocalRegistry {
  /** With a trailing slash, as npm's `registry` setting is written. */
  url: string;
  /** The packages served from tarballs: name → version. */
  served: Record<string, string>;
  /** Each request's method and path, in order. */
  requests: string[];
  close(): Promise<void>;
}

interface Served {
  manifest: Record<string, unknown> & { name: string; version: string };
  tarball: string;
}

/** The tarball's file name as the public registry names it: `<name without scope>-<version>.tgz`. */
const fileName = (name: string, version: string) => `${name.split("/").pop()}-${version}.tgz`;

export async function startLocalRegistry(tarballs: string[]): Promise<LocalRegistry> {
  const served = new Map<string, Served>();
  for (const tarball of tarballs) {
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
    served.set(manifest.name, { manifest, tarball });
  }
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? "/").replace(/\?.*$/, "");
    requests.push(`${req.method} ${url}`);
    for (const [name, s] of served) {
      if (url === `/${name}/-/${fileName(name, s.manifest.version)}`) {
        const bytes = fs.readFileSync(s.tarball);
        res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
        res.end(bytes);
        return;
      }
      if (url === `/${name}`) {
        // the packument: one version; its tarball where the public registry will have it (the
        // lockfile keeps that URL), with no integrity, which only the published tarball will have
        const { version } = s.manifest;
        const doc = { name, "dist-tags": { latest: version }, versions: { [version]: { ...s.manifest, dist: { tarball: `${PUBLIC_REGISTRY}/${name}/-/${fileName(name, version)}` } } } };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(doc));
        return;
      }
    }
    res.writeHead(302, { location: `${PUBLIC_REGISTRY}${req.url}` });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    served: Object.fromEntries([...served].map(([n, s]) => [n, s.manifest.version])),
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
