// State layout versions (spec.md#design-state-version): provider code that changes the layout bumps the version
// and upgrades older state here, so a new provider release is not a diff.

/** The layout written by this release, kept in every resource's `schemaVersion` output. */
export const STATE_LAYOUT_VERSION = 1;

/** Inputs as the program passed them, before check: any shape, values possibly unknown at preview. */
export type RawInputs = Record<string, unknown>;

/** State written before `schemaVersion` existed (none was published) is read as version 1. */
export function stateVersion(props: Record<string, unknown> | undefined): number {
  const v = props?.schemaVersion;
  return typeof v === "number" ? v : 1;
}

/** Refuses state written by a newer release, which this code cannot read safely. */
export function assertReadableState(props: Record<string, unknown> | undefined, what: string): void {
  const v = stateVersion(props);
  if (v > STATE_LAYOUT_VERSION) {
    throw new Error(`${what}: the state was written by a newer pulumi-gis-portal (layout ${v}; this one reads up to ${STATE_LAYOUT_VERSION}). Upgrade the package.`);
  }
}
