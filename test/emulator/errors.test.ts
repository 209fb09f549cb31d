// The emulator's error catalogue (emulator/errors.ts MESSAGE_CODES): every messageCode it answers
// is listed there with its HTTP code and message, and no route writes one as a literal.
import { strict as assert } from "node:assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { MESSAGE_CODES, portalError } from "../../emulator/errors";

const ROOT = join(__dirname, "..", "..", "emulator");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

describe("emulator error catalogue", () => {
  it("no messageCode literal outside emulator/errors.ts (a key passed to portalError is checked by the compiler)", () => {
    const loose = sources(ROOT)
      .filter((p) => !p.endsWith(join("emulator", "errors.ts")))
      .flatMap((p) => (readFileSync(p, "utf8").replace(/portalError\("[A-Z]{3,5}_\d{4}"/g, "").match(/["'`][A-Z]{3,5}_\d{4}["'`]/g) ?? []).map((m) => `${p}: ${m}`));
    assert.deepEqual(loose, []);
  });

  it("every entry has an HTTP code and a message, and portalError renders them", () => {
    for (const [code, entry] of Object.entries(MESSAGE_CODES)) {
      assert.ok(entry.http >= 400 && entry.http < 600 && entry.message.length > 0, code);
      const e = portalError(code as keyof typeof MESSAGE_CODES);
      assert.deepEqual(e.toEnvelope(), { error: { code: entry.http, messageCode: code, message: entry.message, details: [] } });
    }
  });
});
