// A field's domain as the admin definition operations take it (the REST "domain" object:
// `{type: "codedValue", name, codedValues: [{name, code}]}` or `{type: "range", name, range: [min, max]}`).
// Stored with the field and returned in the layer JSON. Edits and appends are not checked against it:
// a hosted feature service stores a value outside its field's domain (clients enforce the pick list).
import { badRequest } from "../../errors";
import type { FieldDomain, FieldType } from "./types";

const NUMBERS: readonly FieldType[] = ["esriFieldTypeSmallInteger", "esriFieldTypeInteger", "esriFieldTypeDouble", "esriFieldTypeSingle", "esriFieldTypeDate"];
const APPLIES: Record<FieldDomain["type"], readonly FieldType[]> = { codedValue: ["esriFieldTypeString", ...NUMBERS], range: NUMBERS };

/** The domain of `field` from a definition entry: undefined for none (absent or null); a 400 when it cannot be. */
export function parseDomain(input: unknown, field: { name: string; type: FieldType }, where: string): FieldDomain | undefined {
  if (input === undefined || input === null) return undefined;
  const d = input as { type?: unknown; name?: unknown; codedValues?: unknown; range?: unknown };
  const bad = (why: string) => badRequest(`${where}: field ${field.name} has an invalid domain: ${why}.`);
  if (typeof d !== "object" || Array.isArray(d) || (d.type !== "codedValue" && d.type !== "range")) throw bad("its type must be codedValue or range");
  const name = typeof d.name === "string" ? d.name : "";
  if (!APPLIES[d.type].includes(field.type)) throw bad(`a ${d.type} domain cannot apply to a field of type ${field.type}`);
  if (d.type === "range") {
    const r = d.range;
    if (!Array.isArray(r) || r.length !== 2 || !r.every((x) => typeof x === "number" && Number.isFinite(x))) throw bad("range must be [min, max], two numbers");
    if (r[0] > r[1]) throw bad(`the range's minimum ${r[0]} is greater than its maximum ${r[1]}`);
    return { type: "range", name, range: [r[0], r[1]] };
  }
  if (!Array.isArray(d.codedValues) || d.codedValues.length === 0) throw bad("codedValues must be a non-empty array of {name, code}");
  const seen = new Set<string>();
  const codedValues = d.codedValues.map((v: { name?: unknown; code?: unknown }) => {
    const textField = field.type === "esriFieldTypeString";
    if (!v || typeof v.name !== "string" || (textField ? typeof v.code !== "string" : typeof v.code !== "number")) throw bad(`each coded value needs a name and a ${textField ? "string" : "number"} code`);
    if (seen.has(String(v.code))) throw bad(`duplicate code ${JSON.stringify(v.code)}`);
    seen.add(String(v.code));
    return { name: v.name, code: v.code as string | number };
  });
  return { type: "codedValue", name, codedValues };
}
