// spec.md#errors: every error is the JSON envelope {error:{code, messageCode?, message, details}}.
// Like a real portal, the emulator answers with HTTP 200 and the envelope (spec.md#gap-error-transport), unless
// a fixture asks for real HTTP statuses. Throw EmulatorError anywhere in a route; the server's
// error handler renders it.

export interface ErrorEnvelope {
  error: { code: number; messageCode?: string; message: string; details: unknown[] };
}

export class EmulatorError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly messageCode?: string,
    readonly details: unknown[] = [],
    /** Extra HTTP headers (e.g. Retry-After on 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "EmulatorError";
  }

  toEnvelope(): ErrorEnvelope {
    const error: ErrorEnvelope["error"] = { code: this.code, message: this.message, details: this.details };
    if (this.messageCode !== undefined) error.messageCode = this.messageCode;
    return { error };
  }
}

/** 400 with no message code: malformed or missing parameters. */
export const badRequest = (message: string, details: unknown[] = []) => new EmulatorError(400, message, undefined, details);
/** 403: the caller lacks the privilege or is not the owner. */
export const forbidden = (message: string, messageCode?: string, details: unknown[] = []) => new EmulatorError(403, message, messageCode, details);
/** spec.md#errors: 404 with the message code omitted and an empty details array. */
export const notFound = (message = "Item does not exist or is inaccessible.") => new EmulatorError(404, message);
/** spec.md#gap-token-errors: 498 invalid or expired token. */
export const invalidToken = () => new EmulatorError(498, "Invalid token.");
/** spec.md#gap-token-errors: 499 token required. */
export const tokenRequired = () => new EmulatorError(499, "Token Required.");

/**
 * The error catalogue: every messageCode the emulator answers, with its HTTP code and the message
 * a route gives when it has nothing more specific to say (spec.md#errors, spec.md#gap-error-transport; codes docs/dev/spec.md
 * does not show are the emulator's guesses, marked unconfirmed there).
 */
export const MESSAGE_CODES = {
  /** The caller lacks the privilege, or is not the owner / of the organization. */
  GWM_0003: { http: 403, message: "You do not have permissions to access this resource or perform this operation." },
  /** Delete refused: delete protection is on (or an authoritative status). */
  CONT_0048: { http: 400, message: "Unable to delete item. Delete protection is turned on." },
  /** Rate limited; sent with Retry-After. */
  CONT_0049: { http: 429, message: "Rate limit exceeded. Please try again later." },
  /** spec.md#status-transitions: public_authoritative needs a public, identity-verified organization. */
  CONT_0163: { http: 400, message: "The item cannot be marked public authoritative: the organization must be public and identity-verified." },
  /** Reassign refused: the target user lacks privileges to own some items. */
  CONT_0291: { http: 403, message: "The target user lacks the privileges to own the items." },
  /** spec.md#assign-category-schema: a category schema that breaks a rule; details say which. */
  ORG_1132: { http: 400, message: "Unable to assign the category schema." },
} as const;

export type MessageCode = keyof typeof MESSAGE_CODES;

/** The catalogued error of `code`; `message` replaces the catalogue's when the route knows more. */
export function portalError(code: MessageCode, options: { message?: string; details?: unknown[]; headers?: Record<string, string> } = {}): EmulatorError {
  const entry = MESSAGE_CODES[code];
  return new EmulatorError(entry.http, options.message ?? entry.message, code, options.details ?? [], options.headers ?? {});
}
