// Error envelope (spec.md#errors, spec.md#gap-error-transport) and redaction (design Transport).
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { AuthError, NetworkError, NotFoundError, PortalError, checkForErrors } from "../../provider/rest/errors";
import { REDACTED, redact, registerSecret } from "../../provider/rest/redact";
import { scripted } from "./mockPortal";

describe("unit: error envelope (spec.md#errors)", () => {
  it("7: HTTP 200 + {error} becomes a PortalError with code, messageCode, details and operation", () => {
    const body = { error: { code: 400, messageCode: "ORG_1132", message: "Invalid schema.", details: ["Category schema exceeds the maximum tree size."] } };
    assert.throws(
      () => checkForErrors(body, "assignCategorySchema"),
      (e: PortalError) =>
        e instanceof PortalError && e.code === 400 && e.messageCode === "ORG_1132" && e.operation === "assignCategorySchema" && e.details.length === 1 && /maximum tree size/.test(e.message),
    );
  });

  it("7: 404 without messageCode is a NotFoundError; 498 and 499 are AuthErrors", () => {
    assert.throws(() => checkForErrors({ error: { code: 404, message: "Item does not exist or is inaccessible.", details: [] } }, "deleteMemberCategorySchema"), NotFoundError);
    assert.throws(() => checkForErrors({ error: { code: 498, message: "Invalid token." } }, "op"), AuthError);
    assert.throws(() => checkForErrors({ error: { code: 499, message: "Token Required." } }, "op"), AuthError);
  });

  it("a body without error is returned as is", () => {
    const ok = { success: true };
    assert.equal(checkForErrors(ok, "op"), ok);
  });

  it("an HTML 502 from a proxy is a PortalError with the HTTP status", async () => {
    const s = scripted([{ status: 502, text: "<html>bad gateway</html>", headers: { "content-type": "text/html" } }]);
    await assert.rejects(s.client().request("op", "x"), (e: PortalError) => e.code === 502 && e.httpStatus === 502);
  });

  it("a connection reset becomes NetworkError with the cause attached", async () => {
    const s = scripted([{ reset: true }]);
    await assert.rejects(s.client().request("append", "x"), (e: NetworkError) => e instanceof NetworkError && e instanceof PortalError && (e.cause as { code?: string }).code === "ECONNRESET");
  });
});

describe("unit: redaction (design Transport)", () => {
  it("replaces token=, password=, JSON and header credentials with [REDACTED]", () => {
    const text = 'POST /x?token=abc123&f=json body password=hunter22 {"token":"zzz-999"} Authorization: Bearer qqq111 x-esri-authorization: Bearer www222';
    const out = redact(text);
    for (const secret of ["abc123", "hunter22", "zzz-999", "qqq111", "www222"]) assert.ok(!out.includes(secret), `${secret} in ${out}`);
    assert.ok(out.includes(`token=${REDACTED}`) && out.includes("f=json"));
  });

  it("removes registered secret values in any shape, URL-encoded too", () => {
    registerSecret("s3cr3t value/+");
    const out = redact(`a s3cr3t value/+ b ${encodeURIComponent("s3cr3t value/+")} c`);
    assert.equal(out, `a ${REDACTED} b ${REDACTED} c`);
  });

  it("error message, stack and inspect() never show the token of a failing request", async () => {
    const token = "tok-unit-leak-check-42";
    const s = scripted([{ json: { error: { code: 400, message: `bad request token=${token}`, details: [`password=${token}`] } } }]);
    const err = await s.client({ auth: { token } }).request("op", "x").catch((e: Error) => e);
    for (const text of [err.message, String(err.stack), s.log.join("\n")]) assert.ok(!text.includes(token), text);
    assert.ok(!inspect(err).includes(`token=${token}`));
  });
});
