#!/usr/bin/env node
// The operations audit of docs/dev/fidelity.md (issue 27): every `client.request(...)` in provider/ops,
// read with the TypeScript compiler: the exported function, the operation name, the method, the
// path, the parameters it sends, and the sources its doc comment cites (spec.md anchors, REST
// pages, rest-js/py). `node scripts/ops-audit.js` prints the table; `--write` puts it into
// docs/dev/fidelity.md between its markers; test/unit/ops-audit.test.ts fails when the doc is stale
// or an operation has no source.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");

const root = path.resolve(__dirname, "..");
const OPS = path.join(root, "provider", "ops");
const DOC = path.join(root, "docs", "dev", "fidelity.md");
const BEGIN = "<!-- generated:ops-audit (node scripts/ops-audit.js --write) -->";
const END = "<!-- /generated:ops-audit -->";

/**
 * The public reference for every operation (test/unit/ops-audit.test.ts requires one per row): the
 * ArcGIS REST API page (title and address), and where it has the function, the arcgis-rest-js file
 * (`packages/arcgis-rest-portal/src/…`) that sends the same request.
 */
const REST = "https://developers.arcgis.com/rest/users-groups-and-items/";
const FS = "https://developers.arcgis.com/rest/services-reference/enterprise/";
const page = (title, slug, base = REST) => `REST [${title}](${base}${slug}/)`;
const js = (file) => `rest-js \`${file}\``;
const PUBLIC = {
  assignCategorySchema: [page("Assign Category Schema", "assign-category-schema")],
  categorySchema: [page("Category Schema", "category-schema")],
  deleteCategorySchema: [page("Delete Category Schema", "delete-category-schema")],
  assignMemberCategorySchema: [page("Assign Member Category Schema", "assign-member-category-schema")],
  memberCategorySchema: [page("Member Category Schema", "member-category-schema")],
  deleteMemberCategorySchema: [page("Delete Member Category Schema", "delete-member-category-schema")],
  layerInfo: [page("Layer (Feature Service)", "layer-feature-service", FS)],
  upload: [page("Append (Feature Service/Layer)", "append-feature-service-layer", FS) + " (appendUploadId from the service's uploads)"],
  append: [page("Append (Feature Service/Layer)", "append-feature-service-layer", FS)],
  isServiceNameAvailable: [page("Check Service Name", "check-service-name")],
  createService: [page("Create Service", "create-service"), "rest-js `arcgis-rest-feature-service/src/createFeatureService.ts`"],
  serviceInfo: [page("Feature Service", "feature-service", FS)],
  serviceLayers: [page("Layers (Feature Service)", "layers-feature-service", FS), "rest-js `arcgis-rest-feature-service/src/getAllLayersAndTables.ts`"],
  addToDefinition: [page("Add To Definition (Feature Service)", "add-to-definition-feature-service", FS), "rest-js `arcgis-rest-feature-service/src/addToServiceDefinition.ts`; python `arcgis/features/managers.py` add_to_definition"],
  updateDefinition: [page("Update Definition (Feature Service)", "update-definition-feature-service", FS), "python `arcgis/features/managers.py` update_definition"],
  deleteFromDefinition: [page("Delete From Definition (Feature Service)", "delete-from-definition-feature-service", FS), "python `arcgis/features/managers.py` delete_from_definition"],
  countValues: [page("Query (Feature Service/Layer)", "query-feature-service-layer", FS) + " (returnCountOnly)"],
  appendJob: [page("Append (Feature Service/Layer)", "append-feature-service-layer", FS) + " (the async answer's statusUrl)"],
  createFolder: [page("Create Folder", "create-folder"), js("items/create.ts")],
  updateFolder: [page("Update Folder", "update-folder")],
  deleteFolder: [page("Delete Folder", "delete-folder"), js("items/remove.ts")],
  userContent: [page("User Content", "user-content"), js("items/content.ts")],
  moveItem: [page("Move Item", "move-item"), js("items/update.ts")],
  reassignItem: [page("Reassign Item", "reassign-item"), js("items/reassign.ts")],
  reassignItems: [page("Reassign Items", "reassign-items") + " (11.0+)"],
  createGroup: [page("Create Group", "create-group"), js("groups/create.ts")],
  getGroup: [page("Group", "group"), js("groups/get.ts")],
  updateGroup: [page("Update Group", "update-group"), js("groups/update.ts")],
  deleteGroup: [page("Delete Group", "delete-group"), js("groups/remove.ts")],
  protectGroup: [page("Protect Group", "protect-group"), js("groups/protect.ts")],
  unprotectGroup: [page("Unprotect Group", "unprotect-group"), js("groups/protect.ts")],
  getGroupUsers: [page("Group Users", "group-users"), js("groups/get.ts")],
  addGroupUsers: [page("Add Users to Group", "add-users-to-group"), js("groups/add-users.ts")],
  removeGroupUsers: [page("Remove Users from Group", "remove-users-from-group"), js("groups/remove-users.ts")],
  updateGroupUsers: [page("Update Users in Group", "update-users-in-group"), js("groups/update-user-membership.ts")],
  groupContent: [page("Group Content", "group-content")],
  searchGroups: [page("Group Search", "group-search"), js("groups/search.ts")],
  setContentStatus: [page("Set Content Status", "set-content-status")],
  protectItem: [page("Protect", "protect"), js("items/protect.ts")],
  unprotectItem: [page("Unprotect", "unprotect"), js("items/protect.ts")],
  shareItem: [page("Share Item (as item owner)", "share-item-as-item-owner"), js("sharing/share-item-with-group.ts")],
  unshareItem: [page("Unshare Item (as item owner)", "unshare-item-as-item-owner"), js("sharing/unshare-item-with-group.ts")],
  getUserItem: [page("User Item", "user-item-link")],
  addItem: [page("Add Item", "add-item"), js("items/create.ts")],
  getItem: [page("Item", "item"), js("items/get.ts")],
  getItemData: [page("Item Data", "item-data"), js("items/get.ts")],
  getItemMetadata: [page("Item Metadata", "item-metadata")],
  updateItem: [page("Update Item", "update-item"), js("items/update.ts")],
  deleteItem: [page("Delete Item", "delete-item"), js("items/remove.ts")],
  itemStatus: [page("Item Status", "item-status"), js("items/get.ts")],
  addPart: [page("Add Part", "add-part"), js("items/add.ts")],
  parts: [page("Item Parts", "item-parts"), js("items/get.ts")],
  commit: [page("Commit", "commit"), js("items/commit.ts")],
  cancel: [page("Cancel", "cancel")],
  canReassignItems: [page("Can Reassign Items", "can-reassign-items") + " (11.0+)"],
  addRelationship: [page("Add Relationship", "add-relationship"), js("items/add.ts")],
  deleteRelationship: [page("Delete Relationship", "delete-relationship"), js("items/remove.ts")],
  relatedItems: [page("Related Items", "related-items"), js("items/get.ts")],
  search: [page("Search", "search") + " (q, num ≤ 100, start, categories; answer total, nextStart, results)", js("items/search.ts")],
  generateUrlReport: [page("Generate URL Report", "generate-url-report") + " (11.4+)"],
  urlReportJob: [page("Generate URL Report", "generate-url-report") + " (the async answer's jobUrl)"],
  "portals/self": [page("Portal Self", "portal-self"), js("util/get-portal.ts")],
  portalUrls: [page("URLs", "urls") + " (ArcGIS Online answers the features hosts; root `https://<host>/<orgId>/arcgis/rest/services` as arcgis-python-api `GIS.admin` hosting_servers builds it)"],
  portalServers: [page("Servers", "servers") + " (ArcGIS Enterprise only; the HOSTING_SERVER's `url` + `/rest/services`, as arcgis-python-api hosting_servers reads it)"],
  getUser: [page("User", "user"), js("users/get-user.ts")],
  portalUsers: [page("Users", "users")],
  updateUser: [page("Update User", "update-user"), js("users/update.ts")],
  updateUserRole: [page("Update User Role", "update-user-role")],
  updateUserLicenseType: [page("Update User License Type", "update-user-license-type")],
  disableUsers: [page("Disable Users", "disable-users")],
  enableUsers: [page("Enable Users", "enable-users")],
  createRole: [page("Create Role", "create-role")],
  roles: [page("Roles", "roles")],
  role: [page("Role", "role")],
  rolePrivileges: [page("Privileges (Role)", "privileges-role")],
  updateRole: [page("Update Role", "update-role")],
  setPrivileges: [page("Set Privileges", "set-privileges")],
  deleteRole: [page("Delete Role", "delete-role")],
  generateToken: [page("Generate Token", "generate-token", "https://developers.arcgis.com/rest/services-reference/enterprise/")],
};

/** A source is public when it names a REST reference page, an arcgis-rest-js file or an ArcGIS API for Python file. */
const isPublic = (s) => /^(REST|rest-js|py)\b/.test(s);

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

/** The local `const name = …` a path or parameters identifier stands for, in the enclosing function. */
function localInit(node) {
  const fn = (function up(n) { return !n || ts.isFunctionLike(n) ? n : up(n.parent); })(node.parent);
  let found;
  const walk = (n) => {
    if (!found && ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === node.text && n.initializer) found = n.initializer;
    if (!found) ts.forEachChild(n, walk);
  };
  if (fn) walk(fn);
  return found;
}

const placeholder = (node, sf) => (/portalId\(\)/.test(text(node, sf)) ? "{orgId}" : `{${text(node, sf).replace(/^seg\((.*)\)$/, "$1").replace(/^(o|ref)\./, "").replace(/\s+/g, " ").slice(0, 40)}}`);

/**
 * The strings an expression may be (placeholders as {…}): one, or one per branch of a conditional,
 * so that `on ? "protectGroup" : "unprotectGroup"` pairs with `on ? "protect" : "unprotect"`.
 */
function shapes(node, sf) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isIdentifier(node) && node.text === "undefined") return [""];
  if (ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node)) return shapes(node.expression, sf);
  if (ts.isConditionalExpression(node)) return [...shapes(node.whenTrue, sf), ...shapes(node.whenFalse, sf)];
  if (ts.isTemplateExpression(node)) {
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const parts = ts.isConditionalExpression(span.expression) ? shapes(span.expression, sf) : ts.isIdentifier(span.expression) && localInit(span.expression) && !/^seg\(/.test(text(localInit(span.expression), sf)) ? shapes(localInit(span.expression), sf) : [placeholder(span.expression, sf)];
      out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
    }
    return out;
  }
  // `helper(…).replace(/\/$/, "")`: the helper's path
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "replace") return shapes(node.expression.expression, sf);
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "seg") return [placeholder(node, sf)];
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && HELPERS[node.expression.text]) {
    let combos = [[]];
    for (const a of node.arguments) {
      const alts = ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a) || ts.isConditionalExpression(a) ? shapes(a, sf).map((x) => (x === "" ? undefined : x)) : [placeholder(a, sf)];
      combos = combos.flatMap((c) => alts.map((x) => [...c, x]));
    }
    return combos.map((args) => HELPERS[node.expression.text](args).replace(/\/+$/, "").replace(/\/\/+/g, "/"));
  }
  // a path built just before the call: `const path = …`
  if (ts.isIdentifier(node)) {
    const init = localInit(node);
    if (init) return shapes(init, sf);
  }
  return [placeholder(node, sf)];
}

/** The item fields itemBody(…) sends (provider/ops/items.ts). */
const ITEM_FIELDS = "the item fields (spec.md#item-fields: title, type, tags, snippet, description, … as form fields; categories, appCategories, industries, languages, screenshot as JSON arrays)";

function keysOf(node, sf) {
  if (!node) return [];
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "itemBody") return [ITEM_FIELDS];
  if (ts.isConditionalExpression(node)) {
    const t = keysOf(node.whenTrue, sf);
    const f = keysOf(node.whenFalse, sf);
    return f.length === 0 ? t.map((k) => `${k} (when given)`) : [...t, ...f];
  }
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.map((p) => {
      if (p.name && ts.isComputedPropertyName(p.name)) return shapes(p.name.expression, sf).join(" or ");
      return p.name ? text(p.name, sf) : ts.isSpreadAssignment(p) ? `…${text(p.expression, sf)}` : "?";
    });
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
          const ops = shapes(op, sf);
          const paths = shapes(p, sf);
          ops.forEach((o, i) => {
            // the function's own citations (its spec.md sections), else the file's header; then the public references
            const own = citations(comment.own);
            const cites = (own.length > 0 ? own : PUBLIC[o] ? [] : citations(comment.header)).filter((c) => !(PUBLIC[o] && isPublic(c)));
            cites.push(...(PUBLIC[o] ?? []));
            const path = paths.length === ops.length ? paths[i] : paths.join(" or ");
            rows.push({ file, fn: name, op: o, method, path, params: keysOf(params, sf).join(", ") + files, sources: [...new Set(cites)] });
          });
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
  rows.push(...readAheadRows(rows));
  // the client's own requests (provider/rest/client.ts, provider/rest/auth.ts)
  rows.push({ file: "../rest/client.ts", fn: "PortalClient.self", op: "portals/self", method: "GET", path: "portals/self", params: "—", sources: ["spec.md#gap-portal-self", ...PUBLIC["portals/self"]] });
  rows.push({ file: "../rest/client.ts", fn: "PortalClient.generateToken", op: "generateToken", method: "POST", path: "generateToken", params: "username, password, referer, expiration", sources: ["spec.md#gap-generate-token", "spec.md#authentication", ...PUBLIC.generateToken] });
  return rows;
}

/**
 * The requests ops/readAhead.ts sends of its own, ahead of the reads that will ask for them: each
 * function of provider/ops that calls `readAhead(…)` with siblings whose `read: () => op(…)` is an
 * audited function gives that function's rows again, under its own name.
 */
function readAheadRows(rows) {
  const out = [];
  for (const file of fs.readdirSync(OPS).filter((f) => f.endsWith(".ts") && f !== "readAhead.ts").sort()) {
    const full = path.join(OPS, file);
    const sf = ts.createSourceFile(full, fs.readFileSync(full, "utf8"), ts.ScriptTarget.ES2022, true);
    for (const st of sf.statements) {
      if (!ts.isFunctionDeclaration(st) || !st.name) continue;
      const reads = new Set();
      let callsReadAhead = false;
      const walk = (n) => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "readAhead") callsReadAhead = true;
        if (ts.isPropertyAssignment(n) && text(n.name, sf) === "read" && ts.isArrowFunction(n.initializer) && ts.isCallExpression(n.initializer.body) && ts.isIdentifier(n.initializer.body.expression)) reads.add(n.initializer.body.expression.text);
        ts.forEachChild(n, walk);
      };
      walk(st);
      if (!callsReadAhead) continue;
      for (const fn of reads) {
        for (const r of rows.filter((x) => x.fn === fn)) out.push({ ...r, file, fn: st.name.text, sources: [`read ahead (ops/readAhead.ts: the siblings' \`${r.file.replace(/\.ts$/, "")}.${fn}\`, at most PAGES_IN_FLIGHT at once)`, ...r.sources] });
      }
    }
  }
  return out;
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

module.exports = { audit, table, withTable, isPublic, PUBLIC, DOC };

if (require.main === module) {
  const rows = audit();
  const t = table(rows);
  if (process.argv.includes("--write")) {
    fs.writeFileSync(DOC, withTable(fs.readFileSync(DOC, "utf8"), t));
    console.log(`ops-audit: ${rows.length} rows written to docs/dev/fidelity.md`);
  } else console.log(t);
}
