// What a replacement's check cannot see (issue "plans a reviewer can trust", "crash-safe creates"):
// for a replace, the engine calls check a second time with no old inputs, as for a new resource
// (pkg/resource/deploy/step_generator.go "recompute the default values"), and that second result is
// what the preview shows and create receives. Without the old inputs, a PortalItem would derive the
// id of the item it replaces (and adopt it, then delete it), and no step could say what the replace
// changes. The diff that decided the replace ran just before, in this same provider process, so it
// leaves the old state here for that check. Module state lives as long as the provider host, which
// serves one deployment.
/** A resource's state as the engine holds it: any resource, read by that resource's own check. */
type Props = Record<string, unknown>;

const replaced = new Map<string, Props>();

/** Diff decided to replace the resource `urn` whose state is `olds`. */
export function rememberReplaced(urn: unknown, olds: Props): void {
  if (typeof urn === "string") replaced.set(urn, olds);
}

/** The state a replacement's check stands in for, when diff has just decided that replace. */
export function replacedOlds(urn: unknown): Props | undefined {
  return typeof urn === "string" ? replaced.get(urn) : undefined;
}

/** Items a create of this process adopted, by URN: a delete of one of them under that URN is the delete of a replaced resource that must not remove the item its replacement now is. */
const adopted = new Map<string, string>();

export function rememberAdopted(urn: unknown, itemId: string): void {
  if (typeof urn === "string") adopted.set(itemId, urn);
}

export function adoptedBy(itemId: string): string | undefined {
  return adopted.get(itemId);
}
