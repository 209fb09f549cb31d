// Category trees kept as YAML or JSON files in the user's repository (the GitOps use of the issue).
import * as fs from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import type { CategoryNodeArgs } from "./categorySchema";
import type { MemberCategoryNodeArgs } from "./memberCategorySchema";

/**
 * Reads a tree from a `.yaml`/`.yml` or `.json` file: either a list of nodes, or an object with a
 * `categorySchema` or `memberCategorySchema` list (the shape the portal returns). A relative path
 * is taken from the program's directory (the current directory of `pulumi up`). Limits are
 * checked by the resource at preview, with property paths.
 */
export function loadCategoryTree(file: string): CategoryNodeArgs[] {
  return loadTree(file, "categorySchema") as CategoryNodeArgs[];
}

/** The same for a member category tree (nodes with title and categories). */
export function loadMemberCategoryTree(file: string): MemberCategoryNodeArgs[] {
  return loadTree(file, "memberCategorySchema") as MemberCategoryNodeArgs[];
}

function loadTree(file: string, wrapper: string): unknown[] {
  const full = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(full, "utf8");
  } catch (e) {
    throw new Error(`cannot read the category tree ${full}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = /\.json$/i.test(full) ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new Error(`${full} is not valid ${/\.json$/i.test(full) ? "JSON" : "YAML"}: ${(e as Error).message}`);
  }
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object" && Array.isArray((data as Record<string, unknown>)[wrapper])) return (data as Record<string, unknown[]>)[wrapper];
  throw new Error(`${full} must hold a list of category nodes or an object with a "${wrapper}" list`);
}
