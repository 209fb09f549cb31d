// The public entry of the implementation side: `require("pulumi-gis-portal/provider")`: the REST
// client and its errors, the ops of the contract, the property tables, progress lines. The public
// classes (resources/) reach the dynamic providers (provider/resources/) through their stubs and
// this module. Importing it starts nothing: no sockets, no timers, no config reads.
export * from "./config";
export * from "../spec/limits";
export { PortalClient, type PortalClientOptions, type RequestOptions, type Credentials } from "./rest/client";
export { fileParts, type FilePart, type Params, type ParamValue } from "./rest/body";
export { StaticTokenSource, CredentialsTokenSource, RenewingTokenSource, type CredentialKind, type TokenSource, type TokenResponse } from "./rest/auth";
export {
  PortalError,
  AuthError,
  NotFoundError,
  NetworkError,
  JobFailedError,
  JobTimeoutError,
  ConfigError,
  checkForErrors,
  isNotFound,
  AUTH_HINT,
} from "./rest/errors";
export { redact, registerSecret, REDACTED } from "./rest/redact";
export { RETRY_DEFAULTS, retryDelay, isRetryable, type RetryPolicy } from "./rest/retry";
export { POLL_DEFAULTS, pollJob, jobState, type PollOptions } from "./rest/jobs";
export { assertSecureUrl, isLoopbackHost, toSharingUrl, toPortalUrl } from "./rest/url";
export { reportProgress, uploadProgressLine, jobProgressLine, type ProgressOptions } from "./progress";
export * as ops from "./ops";
/** The request rules (zod). */
export * as rules from "./rules";
export { resourceProviders } from "./resources";
export { resourceDefinitions, DEFINITIONS as RESOURCE_DEFINITIONS, type ResourceKind } from "./resources/definitions";
export type { ResourceDefinition, ItemFacts, DeleteLines as DeleteLinesOf } from "./resources/machinery/definition";
export * as propertyTables from "./resources/tables";
export * as itemIdentity from "./resources/portalItem/identity";
/** What export records of an item's text so the adopting up need not read it (PortalItem `adoptedData`). */
export * as itemAdoptedData from "./resources/portalItem/adoptedData";
/** Hosted feature services as FeatureService reads them (adopt) and `export` writes them. */
export * as hostedServices from "./resources/featureService/exported";
