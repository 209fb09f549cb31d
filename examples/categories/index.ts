// Org category GitOps with pulumi-gis-portal: the trees are YAML files reviewed in pull requests.
// `pulumi preview --diff` lists the nodes added, removed, renamed and moved; `pulumi up` assigns the
// trees to the portal of the selected stack (dev, then prod: promotion is a stack switch). Beside
// the trees: a group with its members (per stack: usernames differ between portals), a folder, and
// a map filed in the folder and shared with the group.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as portal from "pulumi-gis-portal";

const config = new pulumi.Config();
const contentTree = portal.loadCategoryTree(path.join(__dirname, "trees", "content-categories.yaml"));
const memberTree = portal.loadMemberCategoryTree(path.join(__dirname, "trees", "member-categories.yaml"));

const categories = new portal.CategorySchema("org-categories", { categorySchema: contentTree });
const members = new portal.MemberCategorySchema("member-categories", { memberCategorySchema: memberTree });

// a group and who is in it: `pulumi config set --path 'fieldCrewMembers[0]' <username>` per stack
const crews = new portal.Group("field-crews", { title: "Field crews", access: "org", snippet: "Maps and layers for work in the field", tags: ["field", "operations"] });
new portal.GroupMembership("field-crews-members", { groupId: crews.groupId, users: config.getObject<string[]>("fieldCrewMembers") ?? [] });

// a folder, and a map in it shared with the group (a new folder for it would be a move: same item id)
const published = new portal.Folder("published", { title: "Published maps" });
new portal.PortalItem("field-map", {
  type: "Web Map",
  title: "Field map",
  folder: published.folderId,
  categories: ["/Categories/Water/Rivers"],
  text: { operationalLayers: [], baseMap: { baseMapLayers: [], title: "Topographic" }, version: "2.31" },
  sharing: { access: "org", groups: [crews.groupId] },
}, { dependsOn: [categories] });

/** The organization the stack's portal:url and token reach. */
export const portalId = categories.portalId;
/** Every content category by path → its description, as the portal stored it (keyed, so an insert shifts nothing). */
export const contentCategories = categories.outline;
export const memberCategories = members.outline;
export const fieldCrewsGroupId = crews.groupId;
