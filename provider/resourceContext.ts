// Which resource a provider call is for (issue 28 scope 4: each retry logged on the resource's row
// with its reason). The client is shared by every resource of a run, so a request does not know
// whose it is; each provider method runs in the context of the URN its arguments carry (`__urn`,
// provider/resources/machinery/replacing.ts), and what the client reports from inside it lands on
// that resource's row. The category trees carry no URN: theirs go to the stack's row.
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<{ urn?: string }>();

/** Runs `f` as a call for the resource `urn` (undefined: the stack). */
export function inResource<T>(urn: string | undefined, f: () => T): T {
  return current.run({ urn }, f);
}

/** The URN of the resource the running provider call is for, if known. */
export function currentUrn(): string | undefined {
  return current.getStore()?.urn;
}

const urnOf = (props: unknown): string | undefined => {
  const urn = props !== null && typeof props === "object" ? (props as { __urn?: unknown }).__urn : undefined;
  return typeof urn === "string" && urn.startsWith("urn:") ? urn : undefined;
};

/** Where each ResourceProvider method keeps the resource's properties: check(olds, news), diff(id, olds, news)… */
const PROPS_AT: Record<string, number[]> = { check: [1, 0], diff: [2, 1], create: [0], read: [1], update: [2, 1], delete: [1] };

/** The provider with each method run in its resource's context (configure is left as it is). */
export function withResourceContext<P extends object>(p: P): P {
  const out = { ...p } as Record<string, unknown>;
  for (const [name, at] of Object.entries(PROPS_AT)) {
    const m = (p as Record<string, unknown>)[name];
    if (typeof m !== "function") continue;
    out[name] = (...args: unknown[]) => inResource(at.map((i) => urnOf(args[i])).find((u) => u !== undefined), () => m.apply(p, args));
  }
  return out as P;
}
