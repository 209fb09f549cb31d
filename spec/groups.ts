// The group fields createGroup and update take on the wire (docs/dev/fidelity.md#groups; REST "Group
// parameters"), typed once for the provider (what it sends) and the emulator (what it reads).
export interface GroupWireFields {
  title?: string;
  access?: string;
  description?: string;
  snippet?: string;
  /** Comma text on the wire. */
  tags?: string[];
  isInvitationOnly?: boolean;
  isViewOnly?: boolean;
  sortField?: string;
  sortOrder?: string;
}
