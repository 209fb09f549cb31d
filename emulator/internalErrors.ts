// What the emulator says of an error it did not expect (a bug, a library's exception): never a
// token, a password or a server path, in the answer or in its one log line (issues 30 and 45).

/** The message with secrets and server paths taken out, cut to 500 characters. */
export function sanitized(message: string): string {
  return message
    .replace(/((?:token|password|access_token|key)=)[^&\s'"]*/gi, "$1[REDACTED]")
    .replace(/\btok-[\w-]+/g, "[REDACTED]")
    .replace(/(?:\/[\w.@-]+){2,}/g, (p) => (p.startsWith("/sharing/") || p.startsWith("/arcgis/") ? p : "[path]"))
    .slice(0, 500);
}

/** The one stderr line of an internal error: where it happened and its sanitized message, no stack. */
export function logInternalError(where: string, err: unknown): void {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  process.stderr.write(`portal-emulator: internal error ${where}: ${sanitized(message).replace(/\s+/g, " ")}\n`);
}
