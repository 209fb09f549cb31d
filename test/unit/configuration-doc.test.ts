// docs/configuration.md is generated from the one settings table (provider/settings.ts) and lists
// every setting the shipped code reads: each `portal:<key>` and `PORTAL_<NAME>` variable named in
// provider/, resources/, cli/, emulator/, policy/ and spec/ is a row of the table, and so is every
// entry of the config resolution's CONFIG_KEYS. `npm run gen:config` rewrites the page.
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { CONFIG_KEYS } from "../../provider/config";
import { SETTINGS, settingOf } from "../../provider/settings";

const { render, PAGE } = require("../../scripts/gen-config-docs.js") as { render: () => string; PAGE: string };

const ROOT = path.resolve(__dirname, "..", "..");
const SHIPPED = ["provider", "resources", "cli", "emulator", "policy", "spec"];

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : /\.(ts|js)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path.join(dir, e.name)] : [],
  );
}

/**
 * The settings a source text names: `portal:<key>` (not a privilege such as portal:user:createItem,
 * not a type token such as dynamic/portal:PortalItem) and `PORTAL_<NAME>` variables (not the
 * identifiers the text declares or imports, such as a table named PORTAL_ITEM).
 */
export function settingsNamed(text: string): { keys: Set<string>; envs: Set<string> } {
  const keys = new Set<string>();
  for (const m of text.matchAll(/(?<![\w/-])portal:([a-z][A-Za-z]*)\b(?!:)/g)) keys.add(`portal:${m[1]}`);
  const identifiers = new Set<string>();
  for (const m of text.matchAll(/\b(?:const|let|var|function|class|enum|type|interface)\s+(PORTAL_\w+)|\bas\s+(PORTAL_\w+)|(?:import|export)(?:\s+type)?\s*\{([^}]*)\}/g)) {
    if (m[1]) identifiers.add(m[1]);
    if (m[2]) identifiers.add(m[2]);
    if (m[3]) for (const n of m[3].match(/\bPORTAL_\w+/g) ?? []) identifiers.add(n);
  }
  const envs = new Set<string>();
  // a member of a module (tables.PORTAL_ITEM) is an identifier too; a member of an environment (env.PORTAL_URL) is not
  for (const m of text.matchAll(/(?<![\w$]|(?<!env)\.)(?:PULUMI_GIS_)?PORTAL_[A-Z0-9_]*[A-Z0-9]\b/g)) if (!identifiers.has(m[0])) envs.add(m[0]);
  return { keys, envs };
}

describe("unit: docs/configuration.md, from the one settings table", () => {
  it("the scanner finds config keys and variables, not privileges, type tokens or identifiers", () => {
    const { keys, envs } = settingsNamed(
      'const x = process.env.PORTAL_FOO_MS; read("portal:barKey"); // PORTAL_BAZ overrides\n' +
        'needs portal:user:createItem; type "pulumi-nodejs:dynamic/portal:PortalItem"\n' +
        "export const PORTAL_ITEM = {}; import { PORTAL_TABLE } from './t'; OUTPUT_KEYS as PORTAL_OUT; PORTAL_ITEM[k]; env.PULUMI_GIS_PORTAL_PROGRESS\n" +
        "import type { PORTAL_T2 } from './t'; export { PORTAL_T3 } from './t'; tables.PORTAL_T4; process.env.PORTAL_QUX",
    );
    assert.deepEqual([...keys].sort(), ["portal:barKey"]);
    assert.deepEqual([...envs].sort(), ["PORTAL_BAZ", "PORTAL_FOO_MS", "PORTAL_QUX", "PULUMI_GIS_PORTAL_PROGRESS"]);
  });

  it("every portal: key and PORTAL_ variable the shipped source names is in the table", () => {
    const missing: string[] = [];
    for (const file of SHIPPED.flatMap(sourceFiles)) {
      const { keys, envs } = settingsNamed(fs.readFileSync(path.join(ROOT, file), "utf8"));
      for (const name of [...keys, ...envs]) if (!settingOf(name)) missing.push(`${name} (${file})`);
    }
    assert.deepEqual(missing, [], `add these to SETTINGS in provider/settings.ts, then npm run gen:config:\n${missing.join("\n")}`);
  });

  it("every key of the config resolution (CONFIG_KEYS) is a row with the same environment fallback", () => {
    for (const { key, env } of Object.values(CONFIG_KEYS) as { key: string; env: string }[]) {
      const s = settingOf(key);
      assert.ok(s, `${key} is not in SETTINGS`);
      assert.equal(s.env, env, `${key}: the table says ${s.env}, the config resolution reads ${env}`);
    }
  });

  it("each row names a key or a variable once, says who reads it and its default; credentials that unlock the portal are secret", () => {
    const names = SETTINGS.flatMap((s) => [s.key, s.env].filter((n): n is string => n !== undefined));
    assert.equal(new Set(names).size, names.length, "a key or variable is listed twice");
    for (const s of SETTINGS) {
      assert.ok(s.key !== undefined || s.env !== undefined, s.description);
      assert.ok(s.readBy.length > 0 && s.default.length > 0 && s.description.length > 20, s.key ?? s.env);
      if (s.key) assert.match(s.key, /^portal:[a-z][A-Za-z]*$/);
    }
    for (const key of ["portal:token", "portal:password", "portal:refreshToken", "portal:clientSecret", "portal:apiKey"]) assert.equal(settingOf(key)?.secret, true, key);
    for (const key of ["portal:url", "portal:username", "portal:serviceUrl"]) assert.equal(settingOf(key)?.secret, false, key);
  });

  it("docs/configuration.md is the table's current generation (npm run gen:config)", () => {
    const page = fs.readFileSync(PAGE, "utf8");
    assert.equal(page, render(), "docs/configuration.md is stale: run npm run gen:config");
    for (const s of SETTINGS) for (const n of [s.key, s.env]) if (n) assert.ok(page.includes(`\`${n}\``), `${n} is not on the page`);
  });
});
