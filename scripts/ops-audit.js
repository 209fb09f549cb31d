#!/usr/bin/env node
// The operations audit of docs/fidelity.md (issue 27): every `client.request(...)` in provider/ops,
// read with the TypeScript compiler: the exported function, the operation name, the method, the
// path, the parameters it sends, and the sources its doc comment cites (spec.md anchors, REST
// pages, rest-js/py). `node scripts/ops-audit.js` prints the table; `--write` puts it into
// docs/fidelity.md between its markers; test/unit/ops-audit.test.ts fails when the doc is stale
// or an operation has no source.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");

const root = path.resolve(__dirname, "..");
const OPS = path.join(root, "provider", "ops");
const DOC = path.join(root, "docs", "fidelity.md");
const BEGIN = "<!-- generated:ops-audit (node scripts/ops-audit.js --write) -->";
const END = "<!-- /generated:ops-audit -->";

/** Sources for operations whose doc comment cites none (public API operations beyond spec.md). */
const REST = "https://developers.arcgis.com/rest/users-groups-and-items/";
const PUBLIC = {
  getUserItem: `REST [user item](${REST}user-item-link/)`,
  userContent: `REST [user content](${REST}user-content/)`,
  groupContent: `REST [group content](${REST}group-content/)`,
  searchGroups: `REST [group search](${REST}group-search/)`,
  getGroup: `REST [group](${REST}group/)`,
  getGroupUsers: `REST [group users](${REST}group-users/)`,
  createGroup: `REST [create group](${REST}create-group/)`,
  updateGroup: `REST [update group](${REST}update-group/)`,
  deleteGroup: `REST [delete group](${REST}delete-group/)`,
  protectGroup: `REST [protect group](${REST}protect-group/)`,
  unprotectGroup: `REST [unprotect group](${REST}unprotect-group/)`,
  addGroupUsers: `REST [add users to group](${REST}add-users-to-group/)`,
  removeGroupUsers: `REST [remove users from group](${REST}remove-users-from-group/)`,
  updateGroupUsers: `REST [update users in group](${REST}update-users-in-group/)`,
  createFolder: `REST [create folder](${REST}create-folder/)`,
  updateFolder: `REST [update folder](${REST}update-folder/)`,
  deleteFolder: `REST [delete folder](${REST}delete-folder/)`,
  moveItem: `REST [move item](${REST}move-item/)`,
  reassignItem: `REST [reassign item](${REST}reassign-item/)`,
  reassignItems: `REST [reassign items](${REST}reassign-items/)`,
  relatedItems: `REST [related items](${REST}related-items/)`,
  search: "REST [search](https://developers.arcgis.com/rest/users-groups-and-items/search/) (q, num ≤ 100, start, categories as a JSON array; answer total, nextStart, results)",
};

/** The path helpers of provider/ops/paths.ts and the ops, as the paths they build. */
const HELPERS = {
  itemPath: (a) => `content/items/${a[0]}/${a[1] ?? ""}`,
  userItemPath: (a) => `content/users/${a[0]}/[${a[3] ?? "{folder}"}/]items/${a[1]}/${a[2] ?? ""}`,
  userPath: (a) => `content/users/${a[0]}/${a[1] ?? ""}`,
  groupPath: (a) => `community/groups/${a[0]}/${a[1] ?? ""}`,
  portalPath: (a) => `portals/{orgId}/${a[1] ?? ""}`,
  joinUrl: (a) => `${a[0]}/${a[1] ?? ""}`,
};

function text(node, sf) {
  return node.getText(sf);
}

/** The string an expression is when it is a literal or a template (placeholders as {…}). */
function shape(node, sf) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let s = node.head.text;
    for (const span of node.templateSpans) s += `{${text(span.expression, sf).replace(/^seg\((.*)\)$/, "$1").replace(/\s+/g, " ").slice(0, 30)}}` + span.literal.text;
    return s;
  }
  if (ts.isConditionalExpression(node)) return `${shape(node.whenTrue, sf)} / ${shape(node.whenFalse, sf)}`;
  if (ts.isAwaitExpression(node)) return shape(node.expression, sf);
  // `helper(…).replace(/\/$/, "")`: the helper's path
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "replace") return shape(node.expression.expression, sf);
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && HELPERS[node.expression.text]) {
    const args = node.arguments.map((a) => (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a) || ts.isConditionalExpression(a) ? shape(a, sf) : `{${text(a, sf).replace(/^seg\((.*)\)$/, "$1").replace(/^(o|ref)\./, "")}}`));
    return HELPERS[node.expression.text](args).replace(/\/+$/, "").replace(/\/\/+/g, "/");
  }
  return `{${text(node, sf).replace(/\s+/g, " ").slice(0, 40)}}`;
}

function keysOf(node, sf) {
  if (!node) return [];
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.map((p) => (p.name ? text(p.name, sf).replace(/^\[(.*)\]$/, "{$1}") : ts.isSpreadAssignment(p) ? `…${text(p.expression, sf)}` : "?"));
  }
  // a parameters object built just before the call: its keys as the function assigns them
  if (ts.isIdentifier(node)) {
    const fn = (function up(n) { return !n || ts.isFunctionLike(n) ? n : up(n.parent); })(node.parent);
    const keys = new Set();
    const walk = (n) => {
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === node.text && n.initializer && ts.isObjectLiteralExpression(n.initializer)) for (const k of keysOf(n.initializer, sf)) keys.add(k);
      if (ts.isBinaryExpression(n) && ts.isPropertyAccessExpression(n.left) && ts.isIdentifier(n.left.expression) && n.left.expression.text === node.text) keys.add(`${n.left.name.text}?`);
      ts.forEachChild(n, walk);
    };
    if (fn) walk(fn);
    if (keys.size > 0) return [...keys];
  }
  return [`{${text(node, sf).replace(/\s+/g, " ").slice(0, 40)}}`];
}

function citations(comment) {
  const out = new Set();
  for (const m of comment.matchAll(/spec\.md#[\w-]+/g)) out.add(m[0]);
  for (const m of comment.matchAll(/\b(REST|rest-js|py)\s+([\w-]+)/g)) out.add(`${m[1]} ${m[2]}`);
  if (/public API/.test(comment) && out.size === 0) out.add("public API");
  return [...out];
}

function audit() {
  const rows = [];
  for (const file of fs.readdirSync(OPS).filter((f) => f.endsWith(".ts")).sort()) {
    const full = path.join(OPS, file);
    const sf = ts.createSourceFile(full, fs.readFileSync(full, "utf8"), ts.ScriptTarget.ES2022, true);
    const visitFn = (fn, name, comment) => {
      const walk = (n) => {
        if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "request" && n.arguments.length >= 2) {
          const [op, p, params, options] = n.arguments;
          const method = options && /method:\s*"GET"/.test(text(options, sf)) ? "GET" : "POST";
          const files = options && /files|file:/.test(text(options, sf)) ? " + file parts" : "";
          const ops = shape(op, sf).split(" / ");
          for (const o of ops) {
            // the function's own citations, else the public reference named for it, else the file's header
            const own = citations(comment.own);
            const cites = own.length > 0 ? own : PUBLIC[o] ? [] : citations(comment.header);
            if (PUBLIC[o]) cites.push(PUBLIC[o]);
            rows.push({ file, fn: name, op: o, method, path: shape(p, sf), params: keysOf(params, sf).join(", ") + files, sources: [...new Set(cites)] });
          }
        }
        ts.forEachChild(n, walk);
      };
      walk(fn);
    };
    const header = (ts.getLeadingCommentRanges(sf.text, 0) ?? []).map((r) => sf.text.slice(r.pos, r.end)).join("\n");
    for (const st of sf.statements) {
      const own = (ts.getLeadingCommentRanges(sf.text, st.pos) ?? []).map((r) => sf.text.slice(r.pos, r.end)).join("\n");
      const comment = { own, header };
      if (ts.isFunctionDeclaration(st) && st.name) visitFn(st, st.name.text, comment);
      else if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) visitFn(d, text(d.name, sf), comment);
    }
  }
  // the client's own requests (provider/rest/client.ts, provider/rest/auth.ts)
  rows.push({ file: "../rest/client.ts", fn: "PortalClient.self", op: "portals/self", method: "GET", path: "portals/self", params: "—", sources: ["spec.md#gap-portal-self"] });
  rows.push({ file: "../rest/client.ts", fn: "PortalClient.generateToken", op: "generateToken", method: "POST", path: "generateToken", params: "username, password, referer, expiration", sources: ["spec.md#gap-generate-token", "spec.md#authentication"] });
  return rows;
}

const cell = (s) => String(s).replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(rows) {
  const lines = [
    BEGIN,
    "",
    "| Operation | Function (provider/ops) | Method and path (under `{sharing_url}`) | Parameters sent | Sources |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| \`${cell(r.op)}\` | \`${r.file.replace(/\.ts$/, "")}.${cell(r.fn)}\` | ${r.method} \`${cell(r.path)}\` | ${cell(r.params || "—")} | ${cell(r.sources.join("; ") || "**none**")} |`),
    "",
    END,
  ];
  return lines.join("\n");
}

function withTable(doc, t) {
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  if (a < 0 || b < 0) return `${doc.trimEnd()}\n\n## Every operation the provider calls\n\n${t}\n`;
  return doc.slice(0, a) + t + doc.slice(b + END.length);
}

module.exports = { audit, table, withTable, DOC };

if (require.main === module) {
  const rows = audit();
  const t = table(rows);
  if (process.argv.includes("--write")) {
    fs.writeFileSync(DOC, withTable(fs.readFileSync(DOC, "utf8"), t));
    console.log(`ops-audit: ${rows.length} rows written to docs/fidelity.md`);
  } else console.log(t);
}
