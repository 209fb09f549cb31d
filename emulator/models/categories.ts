// spec.md#category-schema, spec.md#member-category-schema, spec.md#assign-member-category-schema, spec.md#delete-member-category-schema, spec.md#assign-category-schema, spec.md#limits: validation of content and member category schemas.
import { CONTENT_CATEGORIES, MEMBER_CATEGORIES } from "../../spec/limits";
import { badRequest, portalError } from "../errors";

export interface CategoryNode {
  title: string;
  description?: string;
  categories?: CategoryNode[];
}

/** spec.md#errors: ORG_1132 with one text line about the schema in details. */
const org1132 = (line: string) => portalError("ORG_1132", { details: [line] });

/** Accepts `{"<wrapper>":[…]}` or a bare array (spec.md#gap-category-schemas: the emulator takes both). */
export function unwrapSchema(value: unknown, wrapper: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object" && Array.isArray((value as Record<string, unknown>)[wrapper])) return (value as Record<string, unknown[]>)[wrapper];
  throw badRequest(`'${wrapper}' must be a JSON object {"${wrapper}":[…]} or an array of category nodes.`);
}

interface Walk {
  count: number;
  depth: number;
}

function walk(nodes: unknown[], level: number, at: string, out: Walk, withDescription: boolean, maxLevels: number, what: string): CategoryNode[] {
  if (nodes.length > 0) out.depth = Math.max(out.depth, level);
  // issue 30: a tree deeper than the limit stops here, before recursion could exhaust the stack
  if (nodes.length > 0 && level > maxLevels) throw org1132(`The ${what} has more than ${maxLevels} levels (${at} is at level ${level}); at most ${maxLevels}.`);
  return nodes.map((raw, i) => {
    const where = `${at}[${i}]`;
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw badRequest(`${where} must be an object with a title.`);
    const n = raw as Record<string, unknown>;
    if (typeof n.title !== "string" || n.title.trim() === "") throw badRequest(`${where}.title must be a non-empty string.`);
    if (n.description !== undefined && typeof n.description !== "string") throw badRequest(`${where}.description must be a string.`);
    if (n.categories !== undefined && !Array.isArray(n.categories)) throw badRequest(`${where}.categories must be an array.`);
    if (withDescription && n.title.length > CONTENT_CATEGORIES.maxTitleLength)
      throw badRequest(`${where}.title has ${n.title.length} characters; at most ${CONTENT_CATEGORIES.maxTitleLength}.`);
    if (withDescription && typeof n.description === "string" && n.description.length > CONTENT_CATEGORIES.maxDescriptionLength)
      throw badRequest(`${where}.description has ${n.description.length} characters; at most ${CONTENT_CATEGORIES.maxDescriptionLength}.`);
    out.count++;
    const node: CategoryNode = { title: n.title };
    if (withDescription) node.description = typeof n.description === "string" ? n.description : "";
    node.categories = walk((n.categories as unknown[]) ?? [], level + 1, `${where}.categories`, out, withDescription, maxLevels, what);
    if (!withDescription && node.categories.length === 0 && n.categories === undefined) delete node.categories;
    return node;
  });
}

/** spec.md#assign-category-schema: ≤5 trees, ≤4 levels, ≤200 categories (every node counts), title ≤100, description ≤300. */
export function validateContentSchema(nodes: unknown[]): CategoryNode[] {
  const L = CONTENT_CATEGORIES;
  if (nodes.length === 0) throw org1132("The category schema is empty.");
  const w: Walk = { count: 0, depth: 0 };
  const tree = walk(nodes, 1, "categorySchema", w, true, L.maxLevels, "category schema");
  if (nodes.length > L.maxTrees) throw org1132(`The category schema has ${nodes.length} category trees; at most ${L.maxTrees}.`);
  if (w.depth > L.maxLevels) throw org1132(`The category schema has ${w.depth} levels; at most ${L.maxLevels}.`);
  if (w.count > L.maxCategories) throw org1132(`The category schema has ${w.count} categories; at most ${L.maxCategories}.`);
  return tree;
}

/** spec.md#assign-member-category-schema: ≤3 levels, ≤200 categories and subcategories in total. */
export function validateMemberSchema(nodes: unknown[]): CategoryNode[] {
  const L = MEMBER_CATEGORIES;
  if (nodes.length === 0) throw org1132("The member category schema is empty.");
  const w: Walk = { count: 0, depth: 0 };
  const tree = walk(nodes, 1, "memberCategorySchema", w, false, L.maxLevels, "member category schema");
  if (w.depth > L.maxLevels) throw org1132(`The member category schema has ${w.depth} levels; at most ${L.maxLevels}.`);
  if (w.count > L.maxCategories) throw org1132(`The member category schema has ${w.count} categories and subcategories; at most ${L.maxCategories}.`);
  return tree;
}
