// The member category tree a MemberCategorySchema of this deployment declares, as its check saw it:
// a Member's check reads it, so categories are checked against the tree the same `up` assigns, not
// only the one the portal holds (the provider host runs every resource's check in one process).
// Only the planning of this process reads it; nothing is sent from it.

import { treePaths } from "../../../spec/members";

let declared: string[] | undefined;

interface Node {
  title: string;
  categories?: Node[];
}

/** Called by MemberCategorySchema's check with the tree it plans. */
export function declareMemberTree(tree: readonly Node[]): void {
  declared = memberTreePaths(tree);
}

/** Forgets the declared tree: the provider was configured for another portal or credential. */
export function forgetDeclaredMemberTree(): void {
  declared = undefined;
}

/** The declared tree's paths (`/Department/Sales`), or undefined when no MemberCategorySchema was checked. */
export function declaredMemberPaths(): string[] | undefined {
  return declared;
}

/** Every node's path from the root: `/Department`, `/Department/Sales`. */
export const memberTreePaths = (tree: readonly Node[]): string[] => treePaths(tree);
