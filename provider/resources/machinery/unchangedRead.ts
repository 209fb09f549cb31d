// A refresh that finds a resource as the state has it leaves the state's inputs as they are.
//
// A read answers the resource's outputs and, for drift to reach the next plan, the inputs the
// portal's answer implies (the engine writes both into the state). When the outputs it read are the
// ones the state holds, nothing drifted: the engine keeps the state's inputs when a read returns
// none, so the state stays exactly as the last `up` wrote it (as if no refresh had run), and the
// provider host does not encode, nor the engine decode, a second copy of the resource's properties
// per resource (issue 24: the refresh of a large organization; docs/performance.md).
import type * as pulumi from "@pulumi/pulumi";
import { sameJson } from "./sameValue";

const PROVIDER_KEY = "__provider"; // the SDK's serialized provider, in every state's properties

/** `p` whose read leaves out the inputs when the outputs it read are the state's (props). */
export function keepInputsWhenUnchanged<P extends pulumi.dynamic.ResourceProvider>(p: P): P {
  const read = p.read?.bind(p);
  if (!read) return p;
  return {
    ...p,
    async read(id: string, props?: any): Promise<pulumi.dynamic.ReadResult> {
      const r = await read(id, props);
      if (r.inputs === undefined || r.id !== id || !sameJson(props, r.props, PROVIDER_KEY)) return r;
      return { id: r.id, props: r.props };
    },
  };
}
