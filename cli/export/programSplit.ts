// The index.ts of each project of a split export (split.ts): the organization's (`org/`: the trees,
// the groups and their members, and the `groupIds` stack output) and each part's (its folders and
// items). A part names a group by `groupId("<group resource name>")`, read from the org stack's
// `groupIds` output through a StackReference; a relationship whose other end lives in another part
// keeps that item's id (ids are stable), with a comment saying where it lives.
import { uniqueIdentifiers } from "./names";
import { memberSection, roleIdentKey } from "./programMembers";
import { folderSection, groupSection, itemSection, leftSection, openingLines, organizationOf, planRelationships, schemaLines, type ProgramRefs, type RelationshipPlan, type SecretKey } from "./program";
import type { OrgSnapshot } from "./read";
import { ORG_DIR, partDescription, type Part, type Split } from "./split";

const q = JSON.stringify;

/** The names the part program declares besides the shared helpers (its identifiers avoid them). */
const PART_DECLARES = ["orgStack", "org", "groupId"];

/** The org program's stack output of the groups' ids, by resource name. */
export const GROUP_IDS_OUTPUT = "groupIds";

/** The organization-wide project's program: the trees, the groups with their members, and the groups' ids as a stack output. */
export function renderOrgProgram(snapshot: OrgSnapshot, split: Pick<Split, "by">): string {
  const groups = snapshot.groups ?? [];
  const idents = uniqueIdentifiers([...groups.map((g) => g.name), ...(snapshot.roles ?? []).map(roleIdentKey)], [GROUP_IDS_OUTPUT]);
  const lines = [
    ...openingLines(`// ${organizationOf(snapshot)}: the organization-wide project of \`pulumi-gis-portal export --split-by ${split.by}\` (projects.json).`),
    ...schemaLines(snapshot),
    ...groupSection(groups, idents),
    ...memberSection(snapshot.members, snapshot.roles, idents),
    "",
    `// The groups' ids by resource name: each part's project reads them through a StackReference (its groupId("…")).`,
    `export const ${GROUP_IDS_OUTPUT}: Record<string, pulumi.Output<string>> = {`,
    ...groups.map((g) => `  ${q(g.name)}: ${idents.get(g.name)!}.groupId,`),
    "};",
  ];
  return `${lines.join("\n")}\n`;
}

/** The StackReference to the org project's stack and the `groupId` helper of a part. */
function orgReferenceLines(orgProject: string): string[] {
  return [
    "",
    `// The groups are the organization's project's (../../${ORG_DIR}); their ids come from its stack's ${GROUP_IDS_OUTPUT} output.`,
    "// Its stack: config orgStack, else the stack of the same name in this stack's organization (`organization`",
    "// on the file and S3 backends; your Pulumi Cloud organization there).",
    `const orgStack = config.get("orgStack") ?? \`\${pulumi.getOrganization()}/${orgProject}/\${pulumi.getStack()}\`;`,
    "const org = new pulumi.StackReference(orgStack);",
    "const groupId = (name: string): pulumi.Output<string> =>",
    `  org.requireOutput(${q(GROUP_IDS_OUTPUT)}).apply((ids: Record<string, string>) => {`,
    `    if (typeof ids[name] !== "string") throw new Error(\`the stack \${orgStack} has no group \${name} in its ${GROUP_IDS_OUTPUT} output: pulumi up the ${ORG_DIR} project first\`);`,
    "    return ids[name];",
    "  });",
  ];
}

/** One part's program and the config secrets it requires. `plan` is the whole organization's (a relationship is declared once). */
export function renderPartProgram(snapshot: OrgSnapshot, split: Split, part: Part, plan: RelationshipPlan, orgProject: string): { text: string; secrets: SecretKey[] } {
  const groupNames = new Map((snapshot.groups ?? []).map((g) => [g.group.id, g.name]));
  const names = new Map(snapshot.items.map((e) => [e.item.id, e.name]));
  const idents = uniqueIdentifiers([...part.items.map((e) => e.name), ...part.folders.map((f) => f.name)], PART_DECLARES);
  const shared = [...new Set(part.items.flatMap((e) => e.groups ?? []).filter((g) => groupNames.has(g)))];
  const refs: ProgramRefs = {
    folders: new Map(part.folders.map((f) => [f.id, idents.get(f.name)!])),
    groups: new Map(shared.map((g) => [g, `groupId(${q(groupNames.get(g))})`])),
    related: (id) => {
      const other = split.partOf.get(id);
      if (!other || other === part) return names.get(id);
      return `${names.get(id)}, in parts/${other.slug}: by id, ids are stable`;
    },
  };
  const secrets: SecretKey[] = [];
  const mine = (id: string) => split.partOf.get(id) === part;
  const lines = [
    ...openingLines(`// ${organizationOf(snapshot)}: ${partDescription(part, split.by)}, one project of \`pulumi-gis-portal export --split-by ${split.by}\` (projects.json).`),
    ...(shared.length > 0 ? orgReferenceLines(orgProject) : []),
    ...folderSection(part.folders, idents),
    ...itemSection(part.items, idents, plan, secrets, refs),
    ...leftSection(plan.left.filter((r) => mine(r.originItemId) || mine(r.destinationItemId))),
  ];
  return { text: `${lines.join("\n")}\n`, secrets };
}

/** Every program of a split export: the org's, and each part's with its secrets (in the order of split.parts). */
export function renderSplitPrograms(snapshot: OrgSnapshot, split: Split, orgProject: string): { org: string; parts: Array<{ text: string; secrets: SecretKey[] }> } {
  const plan = planRelationships(snapshot.items, snapshot.relationships);
  return { org: renderOrgProgram(snapshot, split), parts: split.parts.map((p) => renderPartProgram(snapshot, split, p, plan, orgProject)) };
}
