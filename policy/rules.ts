// Governance rules over a stack's portal resources (docs/governance.md). Pure functions of the
// resources' inputs, so the same rules run in the Pulumi policy engine (policy/index.ts, through
// `pulumi preview --policy-pack`) and in `render-plan --policy-config` over `pulumi preview --json`
// (cli/planPolicies.ts), with the same words. A value the plan does not know yet (an id of a
// resource still to create) is never a violation: the rule looks at what it can see.

import { KINDS } from "../resources/generated/kinds";

/** The kinds the rules read, as the resource definitions name them (`npm run gen` writes KINDS). */
const PORTAL_ITEM = KINDS.portalItem.policyKind;
const ITEM_STATUS = KINDS.itemStatus.policyKind;
const CATEGORY_SCHEMA = KINDS.categorySchema.policyKind;
const FOLDER = KINDS.folder.policyKind;
const GROUP = KINDS.group.policyKind;
const LAYER_APPEND = KINDS.layerAppend.policyKind;
const MEMBER = KINDS.orgMember.policyKind;
/** A Member's role as the rule compares it: the built-in names (`Publisher` → `org_publisher`), a custom role's id as given. */
const ROLE_WORDS: Record<string, string> = { administrator: "org_admin", publisher: "org_publisher", user: "org_user", viewer: "org_viewer" };
const memberRole = (r: RuleResource) => {
  const role = str(r.props.role);
  return role === undefined ? undefined : ROLE_WORDS[role.toLowerCase()] ?? role;
};

/** The levels @pulumi/policy takes; `remediate` on a stack policy (these rules) counts as mandatory, as in the engine. */
export type EnforcementLevel = "advisory" | "mandatory" | "remediate" | "disabled";
export const ENFORCEMENT_LEVELS: readonly EnforcementLevel[] = ["advisory", "mandatory", "remediate", "disabled"];

/** One resource as the rules see it: its short type (PortalItem, Folder …), name, URN and inputs. */
export interface RuleResource {
  /** `PortalItem`, `ItemStatus`, `CategorySchema`, `Folder`, `Group`, `LayerAppend` … */
  kind: string;
  name: string;
  urn: string;
  props: Record<string, unknown>;
  /** The URNs each input property was computed from (`folder` → the Folder's URN). */
  propertyDependencies: Record<string, string[]>;
}

export interface Violation {
  policy: string;
  level: "advisory" | "mandatory";
  urn: string;
  message: string;
}

type Report = (urn: string, message: string) => void;

export interface PortalRule {
  name: string;
  description: string;
  /** What a stack that switches the rule on without config gets. */
  defaultLevel: "advisory" | "mandatory";
  /** JSON schema of the rule's config (the policy engine checks `--policy-pack-config` with it). */
  configSchema?: { properties: Record<string, unknown>; additionalProperties?: boolean };
  check(resources: readonly RuleResource[], config: Record<string, any>, report: Report): void;
}

/**
 * The engine's unknown-value sentinels (a value computed at `up`): string, boolean, number, array,
 * asset, archive, object — as `pulumi preview --json` and the policy engine's raw props carry them.
 */
const UNKNOWNS = new Set([
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9", "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7", "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2", "030794c1-ac77-496b-92df-f27374a8bd58", "e48ece36-62e2-4504-bad9-02848725956a", "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);
const isUnknown = (v: unknown): boolean => typeof v === "string" && UNKNOWNS.has(v);
const known = (v: unknown): unknown => (isUnknown(v) ? undefined : v);
const str = (v: unknown): string | undefined => (typeof known(v) === "string" ? (v as string) : undefined);
const list = (v: unknown): unknown[] => {
  const k = known(v);
  if (typeof k === "string") return k.split(",").map((s) => s.trim()).filter(Boolean);
  return Array.isArray(k) ? k.map(known).filter((x) => x !== undefined) : [];
};
const obj = (v: unknown): Record<string, unknown> | undefined => {
  const k = known(v);
  return k !== null && typeof k === "object" && !Array.isArray(k) ? (k as Record<string, unknown>) : undefined;
};

const AUTHORITATIVE = new Set(["org_authoritative", "public_authoritative"]);
const ACCESS_ORDER = ["private", "org", "public"] as const;
const accessRank = (a: unknown) => ACCESS_ORDER.indexOf(a as (typeof ACCESS_ORDER)[number]);

const of = (rs: readonly RuleResource[], kind: string) => rs.filter((r) => r.kind === kind);

/** The resource a property points at: by dependency (a resource of the stack), else by literal id. */
function target(rs: readonly RuleResource[], from: RuleResource, prop: string, path: (r: RuleResource) => unknown): RuleResource | undefined {
  const deps = from.propertyDependencies[prop] ?? [];
  const byDep = rs.find((r) => deps.includes(r.urn));
  if (byDep) return byDep;
  const value = str(path(from));
  return value === undefined ? undefined : rs.find((r) => r.kind === PORTAL_ITEM && (str(r.props.adoptItemId) === value || str(r.props.itemIdToCreate) === value));
}

/** The PortalItem an ItemStatus is about. */
const statusTarget = (rs: readonly RuleResource[], s: RuleResource) => target(rs, s, "itemId", (r) => r.props.itemId);

function statusOf(rs: readonly RuleResource[], item: RuleResource): string | undefined {
  return of(rs, ITEM_STATUS)
    .filter((s) => statusTarget(rs, s) === item)
    .map((s) => str(s.props.status))
    .find((x) => x !== undefined);
}

/** The items another item's relationship points at (its origin or destination). */
function relatedTo(rs: readonly RuleResource[], item: RuleResource): RuleResource[] {
  const rel = obj(item.props.relationship);
  if (!rel) return [];
  const deps = item.propertyDependencies.relationship ?? [];
  const ids = [str(rel.originItemId), str(rel.destinationItemId)].filter((x): x is string => x !== undefined);
  return rs.filter((r) => r !== item && r.kind === PORTAL_ITEM && (deps.includes(r.urn) || ids.includes(str(r.props.adoptItemId) ?? "\0") || ids.includes(str(r.props.itemIdToCreate) ?? "\0")));
}

/** Every category path of a content tree: `/Categories/Water/Lakes`, lower-cased for comparison. */
function categoryPaths(nodes: unknown, prefix = ""): string[] {
  const out: string[] = [];
  for (const n of list(nodes)) {
    const node = obj(n);
    const title = str(node?.title);
    if (!node || title === undefined) continue;
    const p = `${prefix}/${title}`;
    out.push(p.toLowerCase(), ...categoryPaths(node.categories, p));
  }
  return out;
}

const titleOf = (r: RuleResource) => str(r.props.title) ?? r.name;

export const RULES: PortalRule[] = [
  {
    name: "portal-public-item-authority",
    description: "An item shared with everyone (sharing.access public) is authoritative (an ItemStatus), or carries licenseInfo and accessInformation.",
    defaultLevel: "mandatory",
    check(rs, _config, report) {
      for (const item of of(rs, PORTAL_ITEM)) {
        if (str(obj(item.props.sharing)?.access) !== "public") continue;
        if (AUTHORITATIVE.has(statusOf(rs, item) ?? "")) continue;
        const missing = ["licenseInfo", "accessInformation"].filter((k) => !isUnknown(item.props[k]) && (str(item.props[k]) ?? "").trim() === "");
        if (missing.length === 0) continue;
        report(item.urn, `PortalItem "${item.name}" (${titleOf(item)}) is shared with everyone (sharing.access public) but is not authoritative and has no ${missing.join(" and no ")}: add an ItemStatus with status org_authoritative, or set ${missing.join(" and ")}.`);
      }
    },
  },
  {
    name: "portal-item-categories-exist",
    description: "Every category a PortalItem is filed under exists in a CategorySchema of the same stack.",
    defaultLevel: "mandatory",
    check(rs, _config, report) {
      const schemas = of(rs, CATEGORY_SCHEMA);
      // the program's tree (categorySchema), or as check normalized it (__categorySchema, and `outline`: path → description)
      const paths = new Set(schemas.flatMap((s) => [...categoryPaths(s.props.categorySchema ?? s.props.__categorySchema), ...Object.keys(obj(s.props.outline) ?? {}).map((k) => `/${k}`.toLowerCase())]));
      for (const item of of(rs, PORTAL_ITEM)) {
        const bad = list(item.props.categories).filter((c): c is string => typeof c === "string" && !paths.has(c.replace(/\/+$/, "").toLowerCase()));
        if (bad.length === 0) continue;
        const where = schemas.length === 0 ? "this stack has no CategorySchema" : `the CategorySchema${schemas.length > 1 ? "s" : ""} ${schemas.map((s) => `"${s.name}"`).join(", ")} ha${schemas.length > 1 ? "ve" : "s"} no such path`;
        report(item.urn, `PortalItem "${item.name}" categories: ${bad.map((c) => `"${c}"`).join(", ")} not found (${where}): add the categories to the tree, or fix the path (e.g. /Categories/Water/Lakes).`);
      }
    },
  },
  {
    name: "portal-no-deprecating-used-items",
    description: "No ItemStatus deprecates an item that another item of the stack depends on (its relationship points at it), or that an authoritative item uses (its text holds the item's id).",
    defaultLevel: "mandatory",
    check(rs, _config, report) {
      for (const s of of(rs, ITEM_STATUS)) {
        if (str(s.props.status) !== "deprecated") continue;
        const item = statusTarget(rs, s);
        if (!item) continue;
        const related = of(rs, PORTAL_ITEM).filter((u) => relatedTo(rs, u).includes(item));
        // an authoritative item uses it when its text (a web map's JSON …) holds its id, or is computed from it
        const ids = [str(s.props.itemId), str(item.props.adoptItemId), str(item.props.itemIdToCreate)].filter((x): x is string => x !== undefined && x !== "");
        const inText = of(rs, PORTAL_ITEM).filter((u) => {
          if (u === item || related.includes(u) || !AUTHORITATIVE.has(statusOf(rs, u) ?? "")) return false;
          const text = str(u.props.text);
          return (u.propertyDependencies.text ?? []).includes(item.urn) || (text !== undefined && ids.some((id) => text.includes(id)));
        });
        const users = [...related, ...inText];
        if (users.length === 0) continue;
        const named = users.map((u) => `"${u.name}"${AUTHORITATIVE.has(statusOf(rs, u) ?? "") ? " (authoritative)" : ""}`).join(", ");
        const how = [related.length > 0 ? "through a relationship" : "", inText.length > 0 ? "in its text (the item's id)" : ""].filter(Boolean).join(" and ");
        report(s.urn, `ItemStatus "${s.name}" deprecates PortalItem "${item.name}" (${titleOf(item)}), which ${named} depend${users.length === 1 ? "s" : ""} on ${how}: move ${users.length === 1 ? "it" : "them"} to another item first, or keep the status.`);
      }
    },
  },
  {
    name: "portal-item-conventions",
    description: "Title, tags and snippet conventions from the policy config: requiredTags, titlePattern, requireSnippet.",
    defaultLevel: "advisory",
    configSchema: {
      properties: {
        requiredTags: { type: "array", items: { type: "string" } },
        titlePattern: { type: "string" },
        requireSnippet: { type: "boolean" },
      },
    },
    check(rs, config, report) {
      const required: string[] = Array.isArray(config.requiredTags) ? config.requiredTags : [];
      const pattern = typeof config.titlePattern === "string" ? new RegExp(config.titlePattern) : undefined;
      for (const item of of(rs, PORTAL_ITEM)) {
        const problems: string[] = [];
        const tagsKnown = known(item.props.tags) !== undefined || item.props.tags === undefined;
        const tags = list(item.props.tags).map((t) => String(t).toLowerCase());
        const missing = required.filter((t) => !tags.includes(t.toLowerCase()));
        if (tagsKnown && missing.length > 0) problems.push(`tags lack ${missing.map((t) => `"${t}"`).join(", ")} (required: ${required.join(", ")})`);
        const title = str(item.props.title);
        if (pattern && title !== undefined && !pattern.test(title)) problems.push(`title "${title}" does not match ${pattern}`);
        if (config.requireSnippet === true && item.props.snippet === undefined) problems.push("snippet is not set (a one-line summary is required)");
        if (problems.length > 0) report(item.urn, `PortalItem "${item.name}": ${problems.join("; ")}.`);
      }
    },
  },
  {
    name: "portal-max-sharing",
    description: "A maximum sharing level per folder (by Folder title) and per group (by Group title), from the policy config: folders / groups maps of title → private|org|public.",
    defaultLevel: "mandatory",
    configSchema: {
      properties: {
        folders: { type: "object", additionalProperties: { enum: [...ACCESS_ORDER] } },
        groups: { type: "object", additionalProperties: { enum: [...ACCESS_ORDER] } },
      },
    },
    check(rs, config, report) {
      const folders: Record<string, string> = obj(config.folders) as Record<string, string> ?? {};
      const groups: Record<string, string> = obj(config.groups) as Record<string, string> ?? {};
      const folderTitle = (item: RuleResource) => {
        const f = rs.find((r) => r.kind === FOLDER && (item.propertyDependencies.folder ?? []).includes(r.urn));
        return f ? str(f.props.title) : str(item.props.folder);
      };
      for (const item of of(rs, PORTAL_ITEM)) {
        const sharing = obj(item.props.sharing);
        const access = str(sharing?.access);
        if (access === undefined) continue;
        const limits: Array<[string, string]> = [];
        const ft = folderTitle(item);
        if (ft !== undefined && folders[ft] !== undefined) limits.push([`folder "${ft}"`, folders[ft]]);
        const groupDeps = item.propertyDependencies.sharing ?? [];
        for (const g of rs.filter((r) => r.kind === GROUP && groupDeps.includes(r.urn))) {
          const gt = str(g.props.title);
          if (gt !== undefined && groups[gt] !== undefined) limits.push([`group "${gt}"`, groups[gt]]);
        }
        for (const [where, max] of limits) {
          if (accessRank(access) > accessRank(max)) report(item.urn, `PortalItem "${item.name}" is shared with access ${access}, above the ${where} limit of ${max}: set sharing.access to ${max}${max === "private" ? "" : " or lower"}, or file it elsewhere.`);
        }
      }
    },
  },
  {
    name: "portal-append-truncate-allowed",
    description: "A LayerAppend with truncate (every row of the layer deleted first) is named in the policy config's allow list.",
    defaultLevel: "mandatory",
    configSchema: { properties: { allow: { type: "array", items: { type: "string" } } } },
    check(rs, config, report) {
      const allow: string[] = Array.isArray(config.allow) ? config.allow : [];
      for (const a of of(rs, LAYER_APPEND)) {
        if (known(a.props.truncate) !== true || allow.includes(a.name)) continue;
        report(a.urn, `LayerAppend "${a.name}" has truncate: true, which deletes every row of the layer before the append: add "${a.name}" to the allow list of portal-append-truncate-allowed in the policy config, or drop truncate.`);
      }
    },
  },
  {
    name: "portal-member-roles",
    description: "At most maxAdministrators Members with the Administrator role, and the Members of a user type only in the roles userTypeRoles lists for it.",
    defaultLevel: "mandatory",
    configSchema: {
      properties: {
        maxAdministrators: { type: "integer", minimum: 1 },
        userTypeRoles: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
    },
    check(rs, config, report) {
      const members = of(rs, MEMBER);
      const admins = members.filter((m) => memberRole(m) === "org_admin");
      const max = typeof config.maxAdministrators === "number" ? config.maxAdministrators : undefined;
      if (max !== undefined && admins.length > max) {
        const names = admins.map((m) => str(m.props.username) ?? m.name).sort().join(", ");
        for (const m of admins) report(m.urn, `${admins.length} Members hold the Administrator role (${names}), above the limit of ${max} (maxAdministrators): give ${admins.length - max} of them another role.`);
      }
      const allowed = (obj(config.userTypeRoles) ?? {}) as Record<string, unknown>;
      for (const m of members) {
        const [type, role] = [str(m.props.userType), memberRole(m)];
        const roles = type === undefined ? undefined : allowed[type];
        if (role === undefined || !Array.isArray(roles)) continue;
        const keys = roles.map((x) => ROLE_WORDS[String(x).toLowerCase()] ?? String(x));
        if (!keys.includes(role)) report(m.urn, `Member "${m.name}" has user type ${type} and role ${role}; userTypeRoles allows ${type} only ${keys.join(", ")}: change the role or the user type.`);
      }
    },
  },
];

/** Policy config as `--policy-pack-config` takes it: `{ rule: level }` or `{ rule: { enforcementLevel, ...config } }`. */
export type PolicyConfig = Record<string, EnforcementLevel | ({ enforcementLevel?: EnforcementLevel } & Record<string, unknown>)>;

export function levelOf(rule: PortalRule, config: PolicyConfig = {}): EnforcementLevel {
  const c = config[rule.name] ?? config.all;
  if (typeof c === "string") return c;
  return c?.enforcementLevel ?? rule.defaultLevel;
}

export function ruleConfig(rule: PortalRule, config: PolicyConfig = {}): Record<string, unknown> {
  const c = config[rule.name];
  return typeof c === "object" && c !== null ? c : {};
}

/** Every violation of every rule not disabled, mandatory first. */
export function evaluate(resources: readonly RuleResource[], config: PolicyConfig = {}): Violation[] {
  const out: Violation[] = [];
  for (const rule of RULES) {
    const level = levelOf(rule, config);
    if (level === "disabled") continue;
    const as = level === "remediate" ? "mandatory" : level;
    rule.check(resources, ruleConfig(rule, config), (urn, message) => out.push({ policy: rule.name, level: as, urn, message }));
  }
  return out.sort((a, b) => (a.level === b.level ? 0 : a.level === "mandatory" ? -1 : 1));
}

type Schema = { type?: string; items?: Schema; enum?: readonly unknown[]; properties?: Record<string, unknown>; additionalProperties?: boolean | Schema };

const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `${typeof v} ${JSON.stringify(v)}`);

/** The first thing `value` breaks in `schema` (the small JSON-schema subset the rules use), with its key path. */
function schemaProblem(schema: Schema, value: unknown, at: string): string | undefined {
  if (schema.enum && !schema.enum.includes(value)) return `${at} must be one of ${schema.enum.map((x) => JSON.stringify(x)).join(", ")} (got ${typeName(value)})`;
  switch (schema.type) {
    case "string":
    case "boolean":
      if (typeof value !== schema.type) return `${at} must be a ${schema.type} (got ${typeName(value)})`;
      break;
    case "array":
      if (!Array.isArray(value)) return `${at} must be a list (got ${typeName(value)})`;
      for (const [i, x] of value.entries()) {
        const p = schema.items && schemaProblem(schema.items, x, `${at}[${i}]`);
        if (p) return p;
      }
      break;
    case "object":
      if (value === null || typeof value !== "object" || Array.isArray(value)) return `${at} must be an object (got ${typeName(value)})`;
      for (const [k, x] of Object.entries(value)) {
        const known = schema.properties?.[k] as Schema | undefined;
        const p = known ? schemaProblem(known, x, `${at}.${k}`) : typeof schema.additionalProperties === "object" ? schemaProblem(schema.additionalProperties, x, `${at}.${k}`) : undefined;
        if (p) return p;
      }
  }
  return undefined;
}

const levelProblem = (v: unknown, at: string) => (typeof v === "string" && (ENFORCEMENT_LEVELS as readonly string[]).includes(v) ? undefined : `${at} must be one of ${ENFORCEMENT_LEVELS.join(", ")} (got ${typeName(v)})`);

/**
 * What is wrong with a policy config (`--policy-config`, the engine's `--policy-pack-config`), as one
 * line naming the rule and the key; undefined when every rule, level and setting is one the rules take.
 */
export function policyConfigProblem(doc: unknown): string | undefined {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return `must hold a JSON object of rule names (got ${typeName(doc)})`;
  for (const [name, c] of Object.entries(doc)) {
    const rule = RULES.find((r) => r.name === name);
    if (!rule && name !== "all") return `no rule ${JSON.stringify(name)} (the rules: ${RULES.map((r) => r.name).join(", ")}, or "all" for every rule's level)`;
    if (typeof c === "string") {
      const p = levelProblem(c, name);
      if (p) return p;
      continue;
    }
    if (c === null || typeof c !== "object" || Array.isArray(c)) return `${name} must be a level or an object of enforcementLevel and settings (got ${typeName(c)})`;
    for (const [k, v] of Object.entries(c)) {
      if (k === "enforcementLevel") {
        const p = levelProblem(v, `${name}.enforcementLevel`);
        if (p) return p;
        continue;
      }
      const schema = rule?.configSchema?.properties[k] as Schema | undefined;
      if (!schema) return `${name}.${k}: no such setting (${name} takes ${["enforcementLevel", ...Object.keys(rule?.configSchema?.properties ?? {})].join(", ")})`;
      const p = schemaProblem(schema, v, `${name}.${k}`);
      if (p) return p;
    }
    const pattern = (c as Record<string, unknown>).titlePattern;
    if (rule?.name === "portal-item-conventions" && typeof pattern === "string") {
      try {
        new RegExp(pattern);
      } catch (e) {
        return `${name}.titlePattern ${JSON.stringify(pattern)} is not a regular expression (${(e as Error).message.replace(/^Invalid regular expression: /, "")})`;
      }
    }
  }
  return undefined;
}

/** `pulumi-nodejs:dynamic/portal:PortalItem` → `PortalItem`; other types as they are. */
export function kindOfType(type: string): string {
  const m = /^pulumi-nodejs:dynamic\/portal:(\w+)$/.exec(type);
  return m ? m[1] : type;
}
