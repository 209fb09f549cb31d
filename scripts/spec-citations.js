#!/usr/bin/env node
// Citations of the contract in code point at docs/dev/spec.md anchors (`spec.md#append-upsert`).
// `node scripts/spec-citations.js` lists the old-style citations left ("seed 4.1 rule 2",
// "design rule 5", `spec-gaps.md "Read item"`, `design.md "Transport"`) and the `spec.md#x`
// citations whose anchor docs/dev/spec.md lacks; exit 1 when there is any. With --write it rewrites the
// old-style citations in place through the mapping tables below (review the diff afterwards).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const DIRS = ["provider", "resources", "spec", "emulator", "cli", "scripts", "test", "bench", "examples"];
const EXT = /\.(ts|js|mjs|cjs)$/;

/** Sections of the contract → anchors of docs/dev/spec.md. */
const SECTION = {
  "0": "conventions", "1": "operations", "1.1": "operations", "2": "contract",
  "2.1": "item-fields", "2.2": "item-status", "2.3": "category-schema", "2.4": "member-category-schema",
  "2.5": "service-proxy-filter", "2.6": "listing-properties", "2.7": "layer-append-metadata",
  "2.8": "append-job-record", "2.9": "url-report-job", "2.10": "url-report",
  "3": "status-transitions", "3.1": "status-transitions", "3.2": "async-add", "3.3": "append-job-states",
  "3.4": "url-report-job-states", "3.5": "add-with-relationship",
  "4.1": "append", "4.2": "assign-member-category-schema", "4.3": "delete-member-category-schema",
  "4.4": "assign-category-schema", "4.5": "set-content-status", "4.6": "add-item",
  "4.7": "generate-url-report", "4.8": "can-reassign-items",
  "5": "authentication", "6": "events", "7": "errors", "8": "limits", "9": "versions",
};
/** Numbered rules of an operation → anchors. */
const RULE = {
  "4.1": ["append-source", "append-upsert", "append-ids", "append-sync-tracking", "append-projection", "append-geocode",
    "append-csv-no-geometry", "append-last-edit", "append-editor-tracking", "append-ownership", "append-multipatch",
    "append-from-service", "append-field-defaults", "append-layer-view"],
  "4.6": ["add-item-relationship", "add-item-data-url", "add-item-multipart", "add-item-chunked", "add-item-data-store", "add-item-proxy-rate"],
};
const DESIGN_RULE = ["design-closure", "design-type-tokens", "design-outputs", "design-credentials", "design-check",
  "design-create-delete-read", "design-timeouts", "design-state-version"];
/** Quoted headings or row names of the gap readings and the design → anchors. */
const NAMED = {
  "read item": "gap-read-item", "portal self": "gap-portal-self", "add part": "gap-multipart", "list parts": "gap-multipart",
  "commit": "gap-multipart", "cancel": "gap-multipart", "add part / list parts / commit / cancel": "gap-multipart",
  "upload a source file": "gap-append-upload", "items": "gap-read-item", "item status": "gap-item-status-read",
  "error transport": "gap-error-transport", "transport and errors": "gap-error-transport", "generatetoken": "gap-generate-token",
  "update item": "gap-update-item", "relationships": "gap-relationships", "job failures": "gap-job-failures",
  "item data": "gap-item-data", "protect / unprotect": "gap-protect", "privileges": "gap-privileges",
  "layer metadata names": "gap-layer-metadata", "delete item": "gap-delete-item", "category schemas": "gap-category-schemas",
  "simplified": "gap-can-reassign", "share / unshare": "gap-share", "token errors": "gap-token-errors",
  "append response": "gap-append-response", "job polling": "gap-append-jobs", "defaults": "gap-append-defaults",
  "transport": "design-transport", "emulator": "design-emulator", "functions": "design-functions",
  "functions run in the program process": "design-functions", "uploads stream from disk": "design-uploads",
  "source filter param": "gap-append-params", "layer-mapping param": "gap-append-params", "fieldmappings": "gap-append-params",
  "appendsourceinfo (csv/excel)": "gap-append-source-info", "urltype values": "gap-url-type", "canreassignitems response": "gap-can-reassign",
  "thumbnail": "gap-thumbnail", "item status (read)": "gap-item-status-read", "resource semantics": "design-resources", "reliability": "design-tests", "tests": "design-tests", "pieces": "design-layers",
};
/** A bare "spec-gaps.md": the first keyword of the line that matches decides. */
const GAP_KEYWORDS = [
  [/generateToken/, "gap-generate-token"], [/\b49[89]\b/, "gap-token-errors"], [/relationship|relatedItems/i, "gap-relationships"],
  [/privilege/i, "gap-privileges"], [/urlType|portalUrl/, "gap-url-type"], [/reassign/i, "gap-can-reassign"],
  [/sourceFilter|source filter|layer ?mapping|layerMappings/i, "gap-append-params"], [/appendSourceInfo|locationType/, "gap-append-source-info"],
  [/rollbackOnFailure|updateGeometry/, "gap-append-defaults"], [/statusUrl/, "gap-append-response"],
  [/Pending|InProgress|append\/jobs|job record/, "gap-append-jobs"], [/uploads\/|uploadPart|itemID/, "gap-append-upload"],
  [/supportsAppend|supportedAppend|layer JSON|layer metadata|capabilities|indexes|names/i, "gap-layer-metadata"],
  [/addPart|partNum|\bparts?\b|multipart|commit|cancel/i, "gap-multipart"], [/unprotect|protect\b/, "gap-protect"],
  [/\bshare|unshare/, "gap-share"], [/categorySchema|category schema/i, "gap-category-schemas"],
  [/envelope|HTTP 200/, "gap-error-transport"], [/portals\/self|currentVersion/, "gap-portal-self"],
  [/failed|Failed/, "gap-job-failures"], [/token/i, "gap-token-errors"], [/\/data\b/, "gap-item-data"],
  [/update/i, "gap-update-item"], [/delete|CONT_0048/i, "gap-delete-item"], [/\/status|status/, "gap-item-status-read"],
  [/thumbnail/i, "gap-thumbnail"], [/item/i, "gap-read-item"],
];
const DESIGN_KEYWORDS = [
  [/retr(y|ies)|repeat/i, "design-retries"], [/http:\/\/|https|loopback/, "design-https"], [/emulator|fault/i, "design-emulator"],
  [/function/i, "design-functions"], [/upload|stream/i, "design-uploads"], [/append|rows stay|removed/i, "design-append-rerun"],
  [/secret|credential|config/i, "design-credentials"], [/serializ|stub|closure/i, "design-closure"],
  [/redact|transport|undici|agent/i, "design-transport"], [/itemIdToCreate|duplicate/, "design-item-create-retry"],
  [/./, "design-resources"],
];

const REF = String.raw`\d+(?:\.\d+(?:[–-]\d+\.\d+)?)?(?: rules? \d+(?:(?:, and |, | and |[–-])\d+(?!\.))*)?`;
const SEED = new RegExp(String.raw`\b[Ss]eed (?:part |parts )?(${REF}(?:(?:, part |, parts |, | and part | and | \/ part | \/ |\/)(?:${REF}))*)(?![\\\d])`, "g");
const SEED_NAMED = /\b[Ss]eed "Conventions"/g;
const DESIGN_NUM = /\bdesign(?:\.md)? rules? (\d(?:(?:, and |, |[–-]| and )\d)*)/gi;
const QUOTED = /\b(spec-gaps|design)(?:\.md)?(?:'s)? "([^"]+)"/gi;
const BARE = /\b(spec-gaps|design)\.md(?:'s)?|\bspec-gaps\b/gi;

/** The anchors of a list of sections and rules; what follows the first one that maps to nothing
 * (a release number, "seed part 9, 11.1") is kept as text. */
function seedRefs(list) {
  const out = [];
  const parts = list.split(/(, part |, parts |, | and part | and | \/ part | \/ |\/)/);
  let ruled; // the section whose rules are being listed ("4.1 rules 6, 7")
  for (let k = 0; k < parts.length; k += 2) {
    const more = ruled && /^\d+$/.test(parts[k].trim()) && /^(, | and |, and )$/.test(parts[k - 1]);
    const mapped = more ? seedRef(`${ruled} rule ${parts[k].trim()}`) : seedRef(parts[k]);
    if (!more) ruled = / rules? /.test(parts[k]) ? parts[k].trim().split(" ")[0] : undefined;
    if (!mapped) return out.length ? { anchors: out, rest: parts.slice(k - 1).join("") } : undefined;
    out.push(...mapped);
  }
  return { anchors: out, rest: "" };
}

function seedRef(ref) {
  const out = [];
  const range = /^(\d+)\.(\d+)[–-]\1\.(\d+)$/.exec(ref.trim());
  if (range) {
    for (let i = +range[2]; i <= +range[3]; i++) if (SECTION[`${range[1]}.${i}`]) out.push(SECTION[`${range[1]}.${i}`]);
    return out.length ? out : undefined;
  }
  {
    const m = /^(\d+(?:\.\d+)?)(?: rules? (.*))?$/.exec(ref.trim());
    if (!m) return undefined;
    const [, sec, rules] = m;
    if (rules) {
      const nums = [];
      for (const r of rules.split(/, and |, | and /)) {
        const range = /^(\d+)[–-](\d+)$/.exec(r);
        if (range) for (let i = +range[1]; i <= +range[2]; i++) nums.push(i);
        else nums.push(+r);
      }
      for (const n of nums) {
        const a = RULE[sec] && RULE[sec][n - 1];
        if (!a) return undefined;
        out.push(a);
      }
    } else if (SECTION[sec]) out.push(SECTION[sec]);
    else return undefined;
  }
  return out;
}

const cite = (anchors) => anchors.map((a) => `spec.md#${a}`).join(", ");

/** The line with its old-style citations rewritten, and the ones it could not map. */
function rewriteLine(line) {
  const unmapped = [];
  let out = line.replace(SEED_NAMED, () => cite(["conventions"]));
  out = out.replace(SEED, (all, list) => {
    const refs = seedRefs(list);
    if (!refs) { unmapped.push(all); return all; }
    return cite(refs.anchors) + refs.rest;
  });
  out = out.replace(DESIGN_NUM, (all, list) => {
    const nums = [];
    for (const r of list.split(/, and |, | and /)) {
      const range = /^(\d)[–-](\d)$/.exec(r);
      if (range) for (let i = +range[1]; i <= +range[2]; i++) nums.push(i);
      else nums.push(+r);
    }
    return cite(nums.map((n) => DESIGN_RULE[n - 1]));
  });
  out = out.replace(QUOTED, (all, doc, name) => {
    const a = NAMED[name.toLowerCase()];
    if (!a) { unmapped.push(all); return all; }
    return cite([a]);
  });
  out = out.replace(BARE, (all) => {
    const table = all.toLowerCase().startsWith("design") ? DESIGN_KEYWORDS : GAP_KEYWORDS;
    const hit = table.find(([re]) => re.test(line));
    return cite([hit ? hit[1] : "gaps"]);
  });
  return { out, unmapped };
}

/** Old-style citations: what the test and the check refuse. */
const OLD = /\b[Ss]eed (?:part )?\d|\bdesign(?:\.md)? rules? \d|\bspec-gaps\b|\bdesign\.md\b/i;

function files(dir) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  const out = [];
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === "dist" || e.name.startsWith(".")) continue;
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(rel));
    else if (EXT.test(e.name)) out.push(rel);
  }
  return out;
}

function specAnchors() {
  const text = fs.readFileSync(path.join(ROOT, "docs/dev/spec.md"), "utf8");
  return new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
}

/** Every problem in the code: old-style citations and `spec.md#x` without an anchor. */
function problems() {
  const anchors = specAnchors();
  const out = [];
  for (const file of DIRS.flatMap(files)) {
    if (file === path.join("scripts", "spec-citations.js") || file.endsWith("spec-citations.test.ts")) continue;
    fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      if (OLD.test(line)) out.push(`${where}: old-style citation: ${line.trim()}`);
      for (const m of line.matchAll(/spec\.md#([A-Za-z0-9_-]+)/g)) if (!anchors.has(m[1])) out.push(`${where}: no anchor #${m[1]} in docs/dev/spec.md`);
    });
  }
  return out;
}

function write() {
  const left = [];
  let changed = 0;
  for (const file of DIRS.flatMap(files)) {
    if (file === path.join("scripts", "spec-citations.js") || file.endsWith("spec-citations.test.ts")) continue;
    const abs = path.join(ROOT, file);
    const lines = fs.readFileSync(abs, "utf8").split("\n");
    let dirty = false;
    lines.forEach((line, i) => {
      const { out, unmapped } = rewriteLine(line);
      for (const u of unmapped) left.push(`${file}:${i + 1}: ${u}`);
      if (out !== line) { lines[i] = out; dirty = true; changed++; }
    });
    if (dirty) fs.writeFileSync(abs, lines.join("\n"));
  }
  console.log(`${changed} lines rewritten`);
  for (const l of left) console.log(`not mapped: ${l}`);
}

module.exports = { problems, rewriteLine, specAnchors, OLD };

if (require.main === module) {
  if (process.argv.includes("--write")) write();
  const p = problems();
  for (const l of p) console.log(l);
  process.exitCode = p.length ? 1 : 0;
}
