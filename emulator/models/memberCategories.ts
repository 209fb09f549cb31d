// spec.md#assign-member-category-schema, spec.md#limits: a member holds at most 20 member categories, each a path of the org's member
// category schema. docs/dev/spec.md names no operation for it; the emulator follows the public API's user
// update (`community/users/<username>/update` with `categories`) (unconfirmed).
import { MEMBER_CATEGORIES } from "../../spec/limits";
import { treePaths } from "../../spec/members";
import { badRequest } from "../errors";
import type { CategoryNode } from "./categories";

/** Category paths as the public API writes them: "/Categories/<title>/<title>…". */
export function memberCategoryPaths(schema: readonly CategoryNode[]): Set<string> {
  return new Set(treePaths(schema, "/Categories"));
}

/** Parses `categories` (a JSON array or a comma-separated list) and checks it against the schema and the limit. */
export function validateMemberCategories(raw: string, schema: readonly CategoryNode[]): string[] {
  let list: unknown;
  try {
    list = raw.trim().startsWith("[") ? JSON.parse(raw) : raw.split(",").map((s) => s.trim()).filter(Boolean);
  } catch {
    throw badRequest("Parameter 'categories' must be a JSON array or a comma-separated list of category paths.");
  }
  if (!Array.isArray(list) || list.some((c) => typeof c !== "string")) throw badRequest("Parameter 'categories' must list category paths as strings.");
  const normalized = [...new Set((list as string[]).map((c) => (c.startsWith("/Categories/") ? c : `/Categories/${c.replace(/^\/+/, "")}`)))];
  if (normalized.length > MEMBER_CATEGORIES.maxPerMember) {
    throw badRequest(`A member can have at most ${MEMBER_CATEGORIES.maxPerMember} member categories; ${normalized.length} were given.`);
  }
  const known = memberCategoryPaths(schema);
  const unknown = normalized.filter((c) => !known.has(c));
  if (unknown.length > 0) throw badRequest(`Not in the organization's member category schema: ${unknown.slice(0, 5).join(", ")}.`);
  return normalized;
}
