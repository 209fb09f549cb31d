// The emulator's one request reader (emulator/params.ts): the sharing routes (Params) and the
// feature routes (features/routes/context.ts) read booleans, JSON and lists the same way, as the
// public REST API documents them.
import { strict as assert } from "node:assert";
import { boolParam, jsonParam } from "../../emulator/features/routes/context";
import { EmulatorError } from "../../emulator/errors";
import { fieldsOf, Params, readBool, readJson } from "../../emulator/params";
import { FeatureEmulator, pointLayer, service } from "./features/support";

const refused = (f: () => unknown, pattern: RegExp) =>
  assert.throws(f, (e: unknown) => e instanceof EmulatorError && e.code === 400 && pattern.test(e.message));

describe("emulator request reader: one reading for sharing and feature routes", () => {
  const readers: [string, (fields: Record<string, string>, name: string, fallback: boolean) => boolean][] = [
    ["Params.bool", (fields, name, fallback) => new Params(fields, {}).bool(name, fallback)],
    ["feature boolParam", boolParam],
    ["readBool", readBool],
  ];
  for (const [label, read] of readers) {
    it(`${label}: true and false in any case; absent or empty is the default`, () => {
      assert.equal(read({ a: "true" }, "a", false), true);
      assert.equal(read({ a: " FALSE " }, "a", true), false);
      assert.equal(read({ a: "True" }, "a", false), true);
      assert.equal(read({}, "a", true), true);
      assert.equal(read({ a: "" }, "a", false), false);
    });
    it(`${label}: "1", "0" and other text are refused with 400, naming the parameter`, () => {
      for (const v of ["1", "0", "yes", "null"]) refused(() => read({ upsert: v }, "upsert", false), /Parameter 'upsert' must be true or false/);
    });
  }

  it("JSON: blank is absent, bad text is a 400 with the parser's reason, from both sides", () => {
    assert.deepEqual(readJson({ a: '{"x":1}' }, "a"), { x: 1 });
    assert.equal(readJson({ a: "  " }, "a"), undefined);
    assert.equal(new Params({ a: "" }, {}).json("a"), undefined);
    refused(() => jsonParam({ a: "{bad" }, "a"), /Parameter 'a' is not valid JSON/);
    refused(() => new Params({ a: "{bad" }, {}).json("a"), /Parameter 'a' is not valid JSON/);
  });

  it("fields: body wins over the query; lists comma-joined; multipart fields by value; objects as JSON", () => {
    assert.deepEqual(fieldsOf({ f: "json", a: "q" }, { a: "b", tags: ["x", "y"], part: { value: 3 }, o: { k: 1 }, n: null }), { f: "json", a: "b", tags: "x,y", part: "3", o: '{"k":1}' });
  });
});

describe("emulator request reader: the feature routes' multipart goes through it", () => {
  let fe: FeatureEmulator;
  before(async () => (fe = await FeatureEmulator.start({ services: [service("Sites", [pointLayer()])] })));
  after(async () => fe.emu.close());

  it("a body cut off inside the file part is a 400 (Malformed multipart body), not a hang or a 500", async () => {
    const boundary = "----cutoff";
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="f"', "", "json", `--${boundary}`, `Content-Disposition: form-data; name="token"`, "", fe.token("dev_publisher"), `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="a.csv"', "Content-Type: text/csv", "", "x,y\n1,2\n"].join("\r\n");
    const res = await fetch(fe.url("Sites", "/uploads/upload"), { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body });
    const answer: any = await res.json();
    assert.equal(answer.error?.code, 400, JSON.stringify(answer));
    assert.match(answer.error.message, /Malformed multipart body/);
  });

  it("a form sent to uploads/upload without multipart is told to send multipart", async () => {
    const answer = await fe.post(fe.url("Sites", "/uploads/upload"), {});
    assert.equal(answer.error?.code, 400);
    assert.match(answer.error.message, /multipart\/form-data/);
  });
});
