// The rule of PortalItem's `sharing` input (its table row reads it): an access word and, optionally,
// group ids. Apart from sharing.ts so the table imports no provider code (no import circle).
import { z } from "zod";
import { ALWAYS, onlyKeys } from "../../rules/keys";

export const SHARING_ACCESS = ["private", "org", "public"] as const;
export type SharingAccess = (typeof SHARING_ACCESS)[number];
export interface Sharing {
  access: SharingAccess;
  groups?: string[];
}

/**
 * The rule reads the shape only: a public API group id is 32 hexadecimal digits (a `Group`'s
 * `groupId`). Whether the group exists is checked by a read at preview when the id is known and
 * again at up before any write (groups.ts); whether the owner may share with it is the portal's to
 * say at up (`notSharedWith`).
 */
export const GROUP_ID = /^[0-9a-fA-F]{32}$/;

/** The keys of `sharing`; another key (`acess`) fails at preview with the closest of them (issue 29 scope 4). */
export const SHARING_KEYS = ["access", "groups"] as const;

export const sharingRule = z
  .looseObject({
    access: z.enum(SHARING_ACCESS),
    groups: z.array(z.string().regex(GROUP_ID, "must be a group id: exactly 32 hexadecimal digits")).optional(),
  })
  .superRefine(onlyKeys(SHARING_KEYS), ALWAYS) as unknown as z.ZodType<Sharing>;
