// Member (docs/resources/member.md; docs/fidelity.md#members): an existing user of the organization
// as code, by username. Create adopts the user and writes only what differs; update writes the
// changed fields (profile and categories in one "Update User", the role, the user type, the
// disabled flag); refresh reads the user back, so an edit in the portal is drift; delete leaves the
// user unless `resetOnDelete`.
import type * as pulumi from "@pulumi/pulumi";
import { USER_TYPES } from "../../../spec/members";
import { getMember, setUsersDisabled, updateMember, updateUserLicenseType, updateUserRole, type PortalMember } from "../../ops";
import type { PortalClient } from "../../rest/client";
import { isNotFound } from "../../rest/errors";
import type { CheckFailure } from "../../rules/failures";
import { configurePortal, freshReads, portalClient } from "../machinery/client";
import { fileLine, shown, withoutPlan, withPlan } from "../machinery/plan";
import { fileFacts } from "../machinery/localFile";
import { isUnknown } from "../../rules/unknown";
import { assertReadableState, STATE_LAYOUT_VERSION, type RawInputs } from "../machinery/state";
import { checkByTable, diffByTable, isCreate } from "../machinery/tableResource";
import { definedOnly } from "../machinery/definedOnly";
import { checkAdmins, checkCategories, checkRoleFits, customRoleNames } from "./checks";
import { changedFields, heldValues, MANAGED, normalizeInputs, PROFILE, roleName, sortedPaths, typeName, type Managed } from "./values";
import { MEMBER_TABLE } from "./table";

/**
 * The user as the portal holds it. `shared`: an adoption's check and create share one answer (the
 * client's read cache, until any write of the run; docs/dev/decisions.md), so adopting a member reads
 * it once; refresh and delete read it afresh.
 */
async function held(client: PortalClient, username: string, shared = false): Promise<PortalMember | undefined> {
  return getMember(client, username, shared).catch((e) => (isNotFound(e) ? undefined : Promise.reject(e)));
}

/** One plan line per changed field: roles and user types by name, categories as `+`/`-` paths. */
function fieldLines(from: Record<string, unknown>, to: RawInputs, fields: Managed[], names: Map<string, string>): string[] {
  return fields.flatMap((k) => {
    if (k === "role") return [`~ role: ${roleName(from.role, names)} → ${roleName(to.role, names)}`];
    if (k === "userType") return [`~ userType: ${typeName(from.userType)} → ${typeName(to.userType)}`];
    if (k === "categories") {
      const [b, a] = [sortedPaths(from.categories), sortedPaths(to.categories)];
      return [...a.filter((p) => !b.includes(p)).map((p) => `~ categories + ${p}`), ...b.filter((p) => !a.includes(p)).map((p) => `~ categories - ${p}`)];
    }
    return [`~ ${k}: ${shown(from[k])} → ${shown(to[k])}`];
  });
}

/** Writes `fields` of `to`: the user type before the role when it rises, after when it falls. */
async function apply(client: PortalClient, username: string, from: Record<string, unknown>, to: RawInputs, fields: Managed[], thumbnail?: string): Promise<void> {
  const profile: Record<string, unknown> = {};
  for (const k of fields) if (PROFILE.includes(k) || k === "categories") profile[k] = k === "categories" ? sortedPaths(to[k]).map((p) => `/Categories${p}`) : to[k];
  if (Object.keys(profile).length > 0 || thumbnail) await updateMember(client, username, profile, thumbnail);
  const rank = (t: unknown) => Object.keys(USER_TYPES).indexOf(String(t));
  const setType = () => updateUserLicenseType(client, [username], String(to.userType));
  const setRole = () => updateUserRole(client, username, String(to.role));
  const typeFirst = rank(to.userType) >= rank(from.userType);
  if (fields.includes("userType") && typeFirst) await setType();
  if (fields.includes("role")) await setRole();
  if (fields.includes("userType") && !typeFirst) await setType();
  if (fields.includes("disabled")) await setUsersDisabled(client, [username], to.disabled === true);
}

async function plan(olds: RawInputs, inputs: RawInputs, failures: CheckFailure[]): Promise<string[]> {
  // an update that changes nothing was checked when it was set: no read (drift is refresh's)
  const thumbnailChanged = !isCreate(olds) && thumbnailToSend(olds, inputs) !== undefined;
  if (!isCreate(olds) && olds.username === inputs.username && changedFields(olds, inputs).length === 0 && !thumbnailChanged) return [];
  const client = portalClient();
  const username = String(inputs.username);
  const user = await held(client, username, isCreate(olds));
  if (!user) {
    failures.push({ property: "username", reason: `user ${JSON.stringify(username)} does not exist in the organization: a Member adopts an existing user (users are invited or created by the organization's identity setup)` });
    return [];
  }
  const portal = heldValues(user);
  // a field newly managed is compared with what the portal holds
  const from = isCreate(olds) ? portal : { ...portal, ...Object.fromEntries(Object.entries(olds).filter(([, v]) => v !== undefined)) };
  const names = await customRoleNames(client, inputs.role, from.role);
  await checkCategories(client, inputs.categories, failures);
  await checkRoleFits(client, username, inputs.userType ?? portal.userType, inputs.role ?? portal.role, names, failures);
  await checkAdmins(client, user, inputs, failures);
  const fields = changedFields(from, inputs);
  const lines = fieldLines(from, inputs, fields, names);
  if (thumbnailToSend(isCreate(olds) ? undefined : olds, inputs, user)) lines.push(`~ thumbnail: ${fileLine(inputs.thumbnailFile, inputs.thumbnailSize, inputs.thumbnailSha256)}`);
  if (!isCreate(olds)) return lines;
  return [`= adopt member ${username}${lines.length === 0 ? ": no change" : ""}`, ...lines];
}

const THUMBNAIL = { size: "thumbnailSize", sha256: "thumbnailSha256" };
const MAX_THUMBNAIL_BYTES = 1024 * 1024;

async function thumbnailFacts(inputs: RawInputs, failures: CheckFailure[]): Promise<void> {
  const file = inputs.thumbnailFile;
  if (typeof file !== "string" || isUnknown(file)) return;
  const facts = (await fileFacts(file, "thumbnailFile", THUMBNAIL)) as RawInputs;
  if (typeof facts.reason === "string") failures.push(facts as unknown as CheckFailure);
  else if (Number(facts.thumbnailSize) > MAX_THUMBNAIL_BYTES) failures.push({ property: "thumbnailFile", reason: `${String(facts.thumbnailSize)} bytes; at most ${MAX_THUMBNAIL_BYTES} (1 MB)` });
  else Object.assign(inputs, facts);
}

/** The thumbnail to send: a new file (by hash), or on adoption a file for a user who has none. */
function thumbnailToSend(olds: RawInputs | undefined, news: RawInputs, user?: PortalMember): string | undefined {
  if (typeof news.thumbnailFile !== "string") return undefined;
  if (olds && !isCreate(olds)) return news.thumbnailSha256 !== olds.thumbnailSha256 ? news.thumbnailFile : undefined;
  return user && !user.thumbnail ? news.thumbnailFile : undefined;
}

function outsOf(inputs: RawInputs): RawInputs {
  return definedOnly({ ...withoutPlan(inputs), schemaVersion: STATE_LAYOUT_VERSION });
}

export const member: pulumi.dynamic.ResourceProvider = {
  configure: configurePortal,

  async check(olds: RawInputs, news: RawInputs) {
    const { inputs, failures } = checkByTable(MEMBER_TABLE, news);
    normalizeInputs(inputs);
    if (failures.length === 0) await thumbnailFacts(inputs, failures);
    let lines: string[] = [];
    if (failures.length === 0 && typeof inputs.username === "string") lines = await plan(olds, inputs, failures);
    const planned = withPlan(inputs, lines);
    return failures.length > 0 ? { inputs: planned, failures } : { inputs: planned };
  },

  async diff(_id: string, olds: RawInputs, news: RawInputs) {
    assertReadableState(olds, "Member");
    const o = { ...olds, categories: olds.categories === undefined ? undefined : sortedPaths(olds.categories) };
    const d = diffByTable(MEMBER_TABLE, o, news);
    const thumbnail = thumbnailToSend(olds, news) !== undefined;
    return { ...d, changes: d.changes || thumbnail };
  },

  async create(inputs: RawInputs) {
    const client = portalClient();
    const username = String(inputs.username);
    const user = await held(client, username, true);
    if (!user) throw new Error(`Member: user ${JSON.stringify(username)} does not exist in the organization.`);
    const portal = heldValues(user);
    await apply(client, username, portal, inputs, changedFields(portal, inputs), thumbnailToSend(undefined, inputs, user));
    return { id: username, outs: outsOf(inputs) };
  },

  async read(id: string, props: RawInputs) {
    freshReads(`Member ${id}`);
    assertReadableState(props, "Member");
    const user = await held(portalClient(), id);
    if (!user) return {};
    const portal = heldValues(user);
    const inputs: RawInputs = { username: id, schemaVersion: STATE_LAYOUT_VERSION };
    for (const k of MANAGED) if (props[k] !== undefined) inputs[k] = portal[k];
    for (const k of ["resetOnDelete", "thumbnailFile", "thumbnailSize", "thumbnailSha256", "__urn"]) if (props[k] !== undefined) inputs[k] = props[k];
    return { id, props: outsOf(inputs), inputs: definedOnly(inputs) };
  },

  async update(id: string, olds: RawInputs, news: RawInputs) {
    await apply(portalClient(), id, olds, news, changedFields(olds, news), thumbnailToSend(olds, news));
    return { outs: outsOf(news) };
  },

  async delete(id: string, props: RawInputs) {
    if (props.resetOnDelete !== true) return;
    const client = portalClient();
    const user = await held(client, id);
    if (!user) return;
    const portal = heldValues(user);
    const reset: RawInputs = { role: portal.userType === "viewerUT" ? "org_viewer" : "org_user" };
    if (props.categories !== undefined) reset.categories = [];
    await apply(client, id, portal, reset, changedFields(portal, reset));
  },
};
