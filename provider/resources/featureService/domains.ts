// Field domains of a FeatureService layer (docs/dev/fidelity.md#hosted-feature-services: the REST
// "domain" object of a field, `{type: "codedValue", name, codedValues: [{name, code}]}` or
// `{type: "range", name, range: [min, max]}`): the rules checked at preview and the plan line of a change.

export interface CodedValue { name: string; code: string | number }
export type DomainSpec =
  | { type: "codedValue"; name: string; codedValues: CodedValue[] }
  | { type: "range"; name: string; range: [number, number] };

const NUMERIC = ["esriFieldTypeSmallInteger", "esriFieldTypeInteger", "esriFieldTypeDouble", "esriFieldTypeSingle", "esriFieldTypeDate"];
/** The field types each kind of domain applies to. */
export const DOMAIN_FIELD_TYPES: Record<DomainSpec["type"], readonly string[]> = {
  codedValue: ["esriFieldTypeString", ...NUMERIC],
  range: NUMERIC,
};
const INTEGER = ["esriFieldTypeSmallInteger", "esriFieldTypeInteger"];

const short = (t: string) => t.replace(/^esriFieldType/, "");

/** What is wrong with a field's domain, each naming the field and the rule. */
export function domainProblems(where: string, field: { name: string; type: string; domain?: DomainSpec | null }): string[] {
  const d = field.domain;
  if (!d) return [];
  const at = `${where}: field ${field.name}'s ${d.type} domain ${JSON.stringify(d.name)}`;
  const problems: string[] = [];
  if (!DOMAIN_FIELD_TYPES[d.type].includes(field.type)) {
    problems.push(`${at} cannot apply to a ${short(field.type)} field (a ${d.type} domain applies to ${DOMAIN_FIELD_TYPES[d.type].map(short).join(", ")})`);
    return problems;
  }
  if (d.type === "range") {
    if (d.range[0] > d.range[1]) problems.push(`${at}: its minimum ${d.range[0]} is above its maximum ${d.range[1]}`);
    return problems;
  }
  const seen = new Set<string>();
  for (const v of d.codedValues) {
    const text = field.type === "esriFieldTypeString";
    if (text !== (typeof v.code === "string")) problems.push(`${at}: code ${JSON.stringify(v.code)} (${v.name}) must be a ${text ? "string" : "number"} on a ${short(field.type)} field`);
    else if (INTEGER.includes(field.type) && !Number.isInteger(v.code)) problems.push(`${at}: code ${v.code} (${v.name}) must be a whole number on a ${short(field.type)} field`);
    if (seen.has(String(v.code))) problems.push(`${at}: code ${JSON.stringify(v.code)} is listed twice; each code once`);
    seen.add(String(v.code));
  }
  if (d.codedValues.length === 0) problems.push(`${at} has no coded values; list at least one`);
  return problems;
}

/** The domain as the admin API takes it: null (none) clears one on updateDefinition. */
export function domainBody(d: DomainSpec | null | undefined): Record<string, unknown> | null {
  if (!d) return null;
  return d.type === "range"
    ? { type: "range", name: d.name, range: [d.range[0], d.range[1]] }
    : { type: "codedValue", name: d.name, codedValues: d.codedValues.map((v) => ({ name: v.name, code: v.code })) };
}

/** A domain as a plan line names it: `coded values "Kinds" (3)`, `range "Heights" [0, 40]`, `(none)`. */
export const domainLabel = (d: DomainSpec | null | undefined) => {
  if (!d) return "(none)";
  return d.type === "range" ? `range ${JSON.stringify(d.name)} [${d.range[0]}, ${d.range[1]}]` : `coded values ${JSON.stringify(d.name)} (${d.codedValues.length})`;
};
const coded = (v: CodedValue) => `${JSON.stringify(v.name)} = ${JSON.stringify(v.code)}`;

/** `~ field kind: domain coded values "Kinds" (2) → coded values "Kinds" (3): + "Tram" = 3` */
export function domainChangeLine(field: string, was: DomainSpec | null | undefined, now: DomainSpec | null | undefined): string {
  let line = `~ field ${field}: domain ${domainLabel(was)} → ${domainLabel(now)}`;
  if (was?.type === "codedValue" && now?.type === "codedValue") {
    const key = (v: CodedValue) => JSON.stringify([v.code, v.name]);
    const before = new Set(was.codedValues.map(key));
    const after = new Set(now.codedValues.map(key));
    const parts = [
      ...now.codedValues.filter((v) => !before.has(key(v))).map((v) => `+ ${coded(v)}`),
      ...was.codedValues.filter((v) => !after.has(key(v))).map((v) => `- ${coded(v)}`),
    ];
    if (parts.length > 0) line += `: ${parts.join(", ")}`;
  }
  return line;
}
