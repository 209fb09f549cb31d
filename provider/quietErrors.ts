// The Node dynamic-provider host prints `${e}: ${e.stack}` to stderr when check, diff, read or
// delete throws (@pulumi/pulumi cmd/dynamic-provider), and the engine shows that on the stack's row:
// the message a second time plus the provider's stack frames with .ts paths (issue 29 scope 2: one
// message per failure, no stack frame). The engine already shows the error's message on the
// resource's row, so an error leaving a provider method is marked, and that one console line is
// dropped; every other console output passes untouched.
const MARK = "\u2063(shown by the engine on the resource)";

let installed = false;

function installFilter(): void {
  if (installed) return;
  installed = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && args[0].endsWith(MARK)) return;
    original(...args);
  };
}

/** Marks `e` so the host's stack print of it is dropped; the message (what the engine shows) is kept. */
export function quiet(e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  installFilter();
  Object.defineProperty(e, "stack", { value: MARK, configurable: true, writable: true });
  return e;
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
