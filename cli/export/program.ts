// The index.ts an export writes: one CategorySchema and one MemberCategorySchema (trees read from
// trees/*.yaml), one PortalItem per item with its fields as the portal returns them, its
// relationship and an ItemStatus when it has a status. Everything adopts what exists and is retained
// on delete (docs/adopting.md). Deterministic: the same snapshot gives the same text.
import { itemAdoptedData, itemIdentity, propertyTables } from "../../provider";
import { uniqueIdentifiers } from "./names";
import type { ExportedItem, OrgSnapshot, Relationship } from "./read";
import type { ExportedFolder, ExportedGroup } from "./readGroups";
import { folderArg, folderLines, groupLines, sharingArg } from "./programGroups";
import { memberSection, roleIdentKey } from "./programMembers";
import { blank, literal } from "./literal";
import { serviceLines } from "./programServices";

/** How a program names what its items point at: folders, groups and the other end of a relationship. */
export interface ProgramRefs {
  /** The program identifier of each Folder resource, by folder id. */
  folders: Map<string, string>;
  /** The code of each group's id (`fieldCrews.groupId`, or a split part's `groupId("group-field-crews")`), by group id. */
  groups: Map<string, string>;
  /** The comment on a relationship's other end: its resource name (and, in a split part, where it lives). */
  related(itemId: string): string | undefined;
}

/** A config secret the program requires (a stored service password the portal never returns). */
export interface SecretKey {
  key: string;
  itemId: string;
  title: string;
}

/** The relationship each item declares (a PortalItem holds one), and those no item can hold. */
export interface RelationshipPlan {
  byItem: Map<string, { type: string; originItemId?: string; destinationItemId?: string }>;
  left: Relationship[];
}

/** On the destination when it is exported and free, else on the origin; else left out (said). */
export function planRelationships(items: readonly ExportedItem[], relationships: readonly Relationship[]): RelationshipPlan {
  const exported = new Set(items.filter((e) => !e.service).map((e) => e.item.id)); // a FeatureService declares no relationship
  const byItem: RelationshipPlan["byItem"] = new Map();
  const left: Relationship[] = [];
  for (const r of relationships) {
    if (exported.has(r.destinationItemId) && !byItem.has(r.destinationItemId)) byItem.set(r.destinationItemId, { type: r.type, originItemId: r.originItemId });
    else if (exported.has(r.originItemId) && !byItem.has(r.originItemId)) byItem.set(r.originItemId, { type: r.type, destinationItemId: r.destinationItemId });
    else left.push(r);
  }
  return { byItem, left };
}

/** Item fields copied as they are, in the order of the PortalItem table (the rows' `exported: "copied"` facet). */
const COPIED = propertyTables.PORTAL_ITEM_EXPORT_COPIED;

function itemLines(e: ExportedItem, ident: string, plan: RelationshipPlan, secrets: SecretKey[], refs: ProgramRefs): string[] {
  if (e.service) return withStatus(serviceLines(e, ident, refs), e, ident);
  const i = e.item;
  const args: string[] = [];
  const arg = (k: string, code: string) => args.push(`  ${k}: ${code},`);
  arg("adoptItemId", JSON.stringify(i.id));
  arg("owner", JSON.stringify(i.owner));
  const folder = folderArg(i.ownerFolder, refs.folders);
  if (folder) arg("folder", folder);
  arg("type", JSON.stringify(i.type));
  arg("title", JSON.stringify(i.title));
  const keywords = itemIdentity.withoutMarkers(Array.isArray(i.typeKeywords) ? i.typeKeywords : []);
  if (keywords.length > 0) arg("typeKeywords", literal(keywords, "  "));
  for (const [k, field] of COPIED) if (!blank(i[field])) arg(k, literal(i[field], "  "));
  if (!blank(i.url)) arg("url", JSON.stringify(i.url));
  if (e.text?.json) arg("text", `json("items/${e.name}.json")`);
  else if (e.text) arg("text", `fs.readFileSync(here("items", ${JSON.stringify(`${e.name}.txt`)}), "utf8")`);
  // relative to the project directory, so the state holds the same path on every machine
  if (e.file) arg("file", JSON.stringify(`files/${e.name}/${e.file.fileName}`));
  // the adopting up skips reading the data when neither the item nor the text or file changed since (PortalItem adoptedData)
  const record = e.text ? itemAdoptedData.adoptedDataRecord(i.modified, e.text.value) : e.file ? itemAdoptedData.adoptedFileRecord(i.modified, e.file.sha256) : undefined;
  if (record) arg("adoptedData", `{ modified: ${record.modified}, sha256: ${JSON.stringify(record.sha256)} }`);
  if (!blank(i.serviceUsername)) {
    arg("serviceUsername", JSON.stringify(i.serviceUsername));
    const key = `${ident}ServicePassword`;
    secrets.push({ key, itemId: i.id, title: i.title });
    args.push(`  // the portal never returns a stored password: pulumi config set --secret ${key} <password>`);
    arg("servicePassword", `config.requireSecret(${JSON.stringify(key)})`);
  }
  if (!blank(i.serviceProxyFilter)) arg("serviceProxyFilter", literal(i.serviceProxyFilter, "  "));
  const sharing = sharingArg(i.access, e.groups, refs.groups);
  if (sharing) arg("sharing", sharing);
  const rel = plan.byItem.get(i.id);
  if (rel) {
    const [end, other] = rel.originItemId !== undefined ? ["originItemId", rel.originItemId] : ["destinationItemId", rel.destinationItemId!];
    const otherName = refs.related(other);
    arg("relationship", `{ type: ${JSON.stringify(rel.type)}, ${end}: ${JSON.stringify(other)} }${otherName ? ` /* ${otherName} */` : ""}`);
  }
  // an authoritative item is protected by its status (spec.md#item-status); only a protection of its own is declared
  const byStatus = typeof i.contentStatus === "string" && i.contentStatus.endsWith("authoritative");
  if (i.protected === true && !byStatus) arg("protected", "true");
  return withStatus([`// ${JSON.stringify(i.title)} (${i.type}), owner ${i.owner}, item ${i.id}`, `const ${ident} = new portal.PortalItem(${JSON.stringify(e.name)}, {`, ...args, "}, adopted);"], e, ident);
}

/** The resource's lines, and an ItemStatus after them when the item has a status. */
function withStatus(lines: string[], e: ExportedItem, ident: string): string[] {
  const status = e.item.contentStatus;
  if (typeof status === "string" && (status as string) !== "") {
    lines.push(`new portal.ItemStatus(${JSON.stringify(`${e.name}-status`)}, { itemId: ${ident}.itemId, status: ${JSON.stringify(status)}, adopt: true }, adopted);`);
  }
  return lines;
}

/** The CategorySchema and MemberCategorySchema (none with --no-schemas). */
export function schemaLines(snapshot: Pick<OrgSnapshot, "contentTree" | "memberTree">): string[] {
  if (snapshot.contentTree === undefined) return [];
  const lines = ["", "// The category trees, as the portal holds them (edit trees/*.yaml)"];
  const one = (cls: string, name: string, prop: string, loader: string, tree: unknown[]) => {
    const code = `new portal.${cls}(${JSON.stringify(name)}, { ${prop}: portal.${loader}(here("trees", "${name}.yaml")), adopt: true }, adopted);`;
    // spec.md#assign-member-category-schema, spec.md#assign-category-schema: an empty schema cannot be assigned; the line waits for the first node
    lines.push(tree.length > 0 ? code : `// the organization has no ${name.replace("-", " ")} yet; add nodes to trees/${name}.yaml, then uncomment:\n// ${code}`);
  };
  one("CategorySchema", "content-categories", "categorySchema", "loadCategoryTree", snapshot.contentTree);
  one("MemberCategorySchema", "member-categories", "memberCategorySchema", "loadMemberCategoryTree", snapshot.memberTree ?? []);
  return lines;
}

/** The lines every exported program opens with: `first` (what it holds), what adoption does, the imports and helpers. */
export function openingLines(first: string): string[] {
  return [
    first,
    "// Every resource adopts what exists (docs/adopting.md of pulumi-gis-portal): the first `pulumi up`",
    "// changes only what differs from this program, and sends nothing when nothing does. `adopted`",
    "// retains the portal's content when a resource leaves the program or the stack is destroyed;",
    "// remove it once you trust the stack.",
    'import * as fs from "node:fs";',
    'import * as path from "node:path";',
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as portal from "pulumi-gis-portal";',
    "",
    "const config = new pulumi.Config();",
    "const adopted: pulumi.CustomResourceOptions = { retainOnDelete: true };",
    "const here = (...parts: string[]) => path.join(__dirname, ...parts);",
    'const json = (file: string) => JSON.parse(fs.readFileSync(here(file), "utf8"));',
  ];
}

/** "Organization "X" (id) at url" */
export function organizationOf(snapshot: Pick<OrgSnapshot, "portal">): string {
  const p = snapshot.portal;
  return `Organization ${JSON.stringify(p.name)} (${p.id}) at ${p.url}`;
}

export function folderSection(folders: readonly ExportedFolder[], idents: Map<string, string>): string[] {
  const lines = folders.length > 0 ? ["", `// Folders (${folders.length})`] : [];
  for (const f of folders) lines.push("", ...folderLines(f, idents.get(f.name)!));
  return lines;
}

export function groupSection(groups: readonly ExportedGroup[], idents: Map<string, string>): string[] {
  const lines = groups.length > 0 ? ["", `// Groups (${groups.length}) and their members`] : [];
  for (const g of groups) lines.push("", ...groupLines(g, idents.get(g.name)!));
  return lines;
}

/** The items with their statuses; the secrets they require are added to `secrets`. */
export function itemSection(items: readonly ExportedItem[], idents: Map<string, string>, plan: RelationshipPlan, secrets: SecretKey[], refs: ProgramRefs): string[] {
  const lines = items.length > 0 ? ["", `// Items (${items.length})`] : [];
  for (const e of items) lines.push("", ...itemLines(e, idents.get(e.name)!, plan, secrets, refs));
  return lines;
}

/** The relationships no item declares, in a comment. */
export function leftSection(left: readonly Relationship[]): string[] {
  if (left.length === 0) return [];
  return ["", "// Relationships not declared (a PortalItem declares one; both ends already declare theirs):", ...left.map((r) => `//   ${r.type}: ${r.originItemId} → ${r.destinationItemId}`)];
}

/** The program's text and the config secrets it requires. */
export function renderProgram(snapshot: OrgSnapshot): { text: string; secrets: SecretKey[] } {
  const plan = planRelationships(snapshot.items, snapshot.relationships);
  const names = new Map(snapshot.items.map((e) => [e.item.id, e.name]));
  const [groups, folders] = [snapshot.groups ?? [], snapshot.folders ?? []];
  const roleKeys = (snapshot.roles ?? []).map(roleIdentKey);
  const idents = uniqueIdentifiers([...snapshot.items.map((e) => e.name), ...groups.map((g) => g.name), ...folders.map((f) => f.name), ...roleKeys]);
  const refs: ProgramRefs = {
    folders: new Map(folders.map((f) => [f.id, idents.get(f.name)!])),
    groups: new Map(groups.map((g) => [g.group.id, `${idents.get(g.name)!}.groupId`])),
    related: (id) => names.get(id),
  };
  const secrets: SecretKey[] = [];
  const lines = [
    ...openingLines(`// ${organizationOf(snapshot)}, written by \`pulumi-gis-portal export\`.`),
    ...schemaLines(snapshot),
    ...folderSection(folders, idents),
    ...groupSection(groups, idents),
    ...memberSection(snapshot.members, snapshot.roles, idents),
    ...itemSection(snapshot.items, idents, plan, secrets, refs),
    ...leftSection(plan.left),
  ];
  return { text: `${lines.join("\n")}\n`, secrets };
}
