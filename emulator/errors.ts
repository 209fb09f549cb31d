// Seed part 7: every error is the JSON envelope {error:{code, messageCode?, message, details}}.
// Like a real portal, the emulator answers with HTTP 200 and the envelope (spec-gaps.md), unless
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
/** Seed part 7: 404 with the message code omitted and an empty details array. */
export const notFound = (message = "Item does not exist or is inaccessible.") => new EmulatorError(404, message);
/** spec-gaps.md: 498 invalid or expired token. */
export const invalidToken = () => new EmulatorError(498, "Invalid token.");
/** spec-gaps.md: 499 token required. */
export const tokenRequired = () => new EmulatorError(499, "Token Required.");
