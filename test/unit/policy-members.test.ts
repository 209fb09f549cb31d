// The portal-member-roles rule (policy/rules.ts): at most N administrators among the Members, and
// the Members of a user type only in the roles the config lists for it.
import { strict as assert } from "node:assert";
import { evaluate, RULES, type PolicyConfig, type RuleResource } from "../../policy/rules";

const R = "portal-member-roles";
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const member = (name: string, props: Record<string, unknown>): RuleResource => ({ kind: "Member", name, urn: `urn:pulumi:dev::org::pulumi-nodejs:dynamic/portal:Member::${name}`, props: { username: name, ...props }, propertyDependencies: {} });
const only = (rs: RuleResource[], config: Record<string, unknown>) =>
  evaluate(rs, Object.fromEntries(RULES.map((r) => [r.name, r.name === R ? { enforcementLevel: "mandatory", ...config } : "disabled"])) as PolicyConfig);

describe("unit: policy rule portal-member-roles", () => {
  it("more administrators than maxAdministrators: each named, with the limit", () => {
    const rs = [member("ann", { role: "org_admin" }), member("bob", { role: "Administrator" }), member("cid", { role: "org_user" })];
    const v = only(rs, { maxAdministrators: 1 });
    assert.equal(v.length, 2);
    assert.match(v[0].message, /^2 Members hold the Administrator role \(ann, bob\), above the limit of 1 \(maxAdministrators\): give 1 of them another role\.$/);
    assert.deepEqual(only(rs, { maxAdministrators: 2 }), []);
  });

  it("a user type only in its listed roles; a role unknown at preview is no violation", () => {
    const config = { userTypeRoles: { editorUT: ["Viewer", "org_user"] } };
    const rs = [member("erin", { userType: "editorUT", role: "Publisher" }), member("fay", { userType: "editorUT", role: "User" }), member("gus", { userType: "editorUT", role: UNKNOWN }), member("hal", { userType: "creatorUT", role: "org_publisher" })];
    const v = only(rs, config);
    assert.equal(v.length, 1);
    assert.match(v[0].message, /^Member "erin" has user type editorUT and role org_publisher; userTypeRoles allows editorUT only org_viewer, org_user: change the role or the user type\.$/);
  });
});
