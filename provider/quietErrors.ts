// The Node dynamic-provider host prints `${e}: ${e.stack}` to stderr when check, diff, read or
// delete throws (@pulumi/pulumi cmd/dynamic-provider), and the engine shows that line under the
// stack besides the error on the resource's row: the message a second time plus the provider's stack
// frames (one message per failure, no stack frame, is what a user should see). The engine already
// shows the error's message on the resource's row, so the error leaving a provider method is one of
// our own objects with no stack and an empty string form: the host's line carries neither the message
// nor a frame (the engine drops a blank line; what is left is the separator, ":"). Nothing global is
// changed: an error of this package's classes is marked itself; any other is wrapped in one of ours
// (its message, its `code` for gRPC, the original as `cause`).
import { ConfigError, PortalError } from "./rest/errors";

/** What a provider method throws when what failed was not an error of ours (a library's, a plain Error). */
export class ProviderError extends Error {}

const blank = (): string => "";

/** `e` as an error of ours whose stack and string form are empty; its message (what the engine shows) is kept. */
export function quiet(e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  let own: Error = e;
  if (!(e instanceof PortalError || e instanceof ConfigError || e instanceof ProviderError)) {
    own = new ProviderError(e.message, { cause: e });
    const code = (e as { code?: unknown }).code;
    if (code !== undefined) Object.assign(own, { code });
  }
  Object.defineProperty(own, "stack", { value: "", configurable: true, writable: true });
  Object.defineProperty(own, "toString", { value: blank, configurable: true, writable: true });
  return own;
}

type Method = (...args: any[]) => Promise<any>;

/** The provider with check, diff, read and delete throwing quiet errors (create and update are not printed by the host). */
export function quietProvider<P extends object>(p: P): P {
  const out = { ...p } as Record<string, unknown>;
  for (const name of ["check", "diff", "read", "delete"] as const) {
    const m = (p as Record<string, unknown>)[name] as Method | undefined;
    if (typeof m !== "function") continue;
    out[name] = async (...args: unknown[]) => {
      try {
        return await m.apply(p, args);
      } catch (e) {
        throw quiet(e);
      }
    };
  }
  return out as P;
}
