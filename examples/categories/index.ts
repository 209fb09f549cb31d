// Org category GitOps with pulumi-gis-portal: the trees are YAML files reviewed in pull requests.
// `pulumi preview --diff` lists the nodes added, removed, renamed and moved; `pulumi up` assigns the
// trees to the portal of the selected stack (dev, then prod: promotion is a stack switch).
import * as path from "node:path";
import * as portal from "pulumi-gis-portal";

const contentTree = portal.loadCategoryTree(path.join(__dirname, "trees", "content-categories.yaml"));
const memberTree = portal.loadMemberCategoryTree(path.join(__dirname, "trees", "member-categories.yaml"));

const categories = new portal.CategorySchema("org-categories", { categorySchema: contentTree });
const members = new portal.MemberCategorySchema("member-categories", { memberCategorySchema: memberTree });

/** The organization the stack's portal:url and token reach. */
export const portalId = categories.portalId;
/** Every content category by path → its description, as the portal stored it (keyed, so an insert shifts nothing). */
export const contentCategories = categories.outline;
export const memberCategories = members.outline;
