// Issue 45: an unknown relationship type named a document of this project ("docs/spec.md#…
// lists them"); the message now names the closest known type and lists every one. And no
// user-visible message of the package cites docs/spec.md: its string literals are scanned.
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { RELATIONSHIP_TYPES } from "../../spec/limits";
import { closestRelationshipType, relationshipTypeProblem } from "../../provider/rules/relationship";
import { checkPortalItem } from "../../provider/resources/portalItem/check";

const root = path.join(__dirname, "..", "..");

describe("issue 45: an unknown relationship type names the closest and lists the known ones", () => {
  it("the closest shares the origin or the destination first, then the spelling", () => {
    assert.equal(closestRelationshipType("Map2Data"), "Map2Area");
    assert.equal(closestRelationshipType("Map2Serivce"), "Map2Service");
    assert.equal(closestRelationshipType("map2service"), "Map2Service");
    assert.equal(closestRelationshipType("Servce2Data"), "Service2Data");
    assert.equal(closestRelationshipType("Survey2Layer"), "Service2Layer");
    assert.ok(RELATIONSHIP_TYPES.includes(closestRelationshipType("zzz")));
    assert.equal(relationshipTypeProblem("Map2Service"), undefined);
  });

  it("check fails relationship.type with the closest, every known type, and no reference to a project document", async () => {
    const r = await checkPortalItem({}, { type: "Web Mapping Application", title: "App", relationship: { type: "Map2Data", originItemId: "0123456789abcdef0123456789abcdef" } });
    const reason = r.failures?.find((f) => f.property === "relationship.type")?.reason ?? "";
    assert.match(reason, /^"Map2Data" is not a relationship type the portal knows; did you mean "Map2Area"\? The relationship types: APIKey2Item, /);
    for (const t of RELATIONSHIP_TYPES) assert.ok(reason.includes(t), t);
    assert.doesNotMatch(reason, /spec\.md|docs\//);
  });
});

describe("issue 45: no user-visible message cites docs/spec.md", () => {
  // comments may cite it (contributors read them); a string literal is something a user may see
  const dirs = ["provider", "resources", "cli", "emulator", "policy", "spec"];
  /** Doc strings of the property tables feed the generated docs; their owner cleans them (reported). */
  const isTableDoc = (n: ts.Node) => ts.isPropertyAssignment(n.parent) && /^(doc|outputDoc)$/.test(n.parent.name.getText());

  it("string literals of the shipped code mention neither spec.md anchors nor docs/spec.md", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) {
          const text = fs.readFileSync(p, "utf8");
          if (!text.includes("spec.md")) continue;
          const sf = ts.createSourceFile(p, text, ts.ScriptTarget.Latest, true);
          const visit = (n: ts.Node) => {
            if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) && /spec\.md/.test(n.text) && !isTableDoc(n) && !p.includes(`${path.sep}export${path.sep}`)) {
              found.push(`${path.relative(root, p)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
            }
            ts.forEachChild(n, visit);
          };
          visit(sf);
        }
      }
    };
    for (const d of dirs) walk(path.join(root, d));
    assert.deepEqual(found, []);
  });
});
