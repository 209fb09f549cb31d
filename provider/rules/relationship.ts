// A relationship type (PortalItem `relationship.type`) outside the public API's list fails at preview
// with the closest known type and the whole list in the message (issues 29 and 45): the user has
// the list where the mistake is, not a reference to a document of this project.
import { z } from "zod";
import { RELATIONSHIP_TYPES } from "../../spec/limits";
import { distance } from "./keys";

const halves = (t: string) => {
  const at = t.indexOf("2");
  return at < 0 ? [t.toLowerCase(), ""] : [t.slice(0, at).toLowerCase(), t.slice(at + 1).toLowerCase()];
};

/**
 * The known type closest to `word`: first those that share its origin or its destination
 * (`Map2Data`: the Map2… and …2Data types), then by spelling.
 */
export function closestRelationshipType(word: string, known: readonly string[] = RELATIONSHIP_TYPES): string {
  const [origin, destination] = halves(word);
  const shared = (t: string) => {
    const [o, d] = halves(t);
    return (o === origin ? 1 : 0) + (d !== "" && d === destination ? 1 : 0);
  };
  let best = known[0];
  for (const t of known.slice(1)) {
    const bySharing = shared(t) - shared(best);
    if (bySharing > 0 || (bySharing === 0 && distance(word, t) < distance(word, best))) best = t;
  }
  return best;
}

/** The message of a type outside the list; undefined for a known type. */
export function relationshipTypeProblem(type: string): string | undefined {
  if (RELATIONSHIP_TYPES.includes(type)) return undefined;
  return `${JSON.stringify(type)} is not a relationship type the portal knows; did you mean "${closestRelationshipType(type)}"? The relationship types: ${RELATIONSHIP_TYPES.join(", ")}`;
}

/** `relationship.type`: one of the public API's relationship types. */
export const relationshipType = z.string().superRefine((t, ctx) => {
  const problem = relationshipTypeProblem(t);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
