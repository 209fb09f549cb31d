// The package's rules (policy/rules.ts) as a Pulumi policy pack: `pulumi preview --policy-pack
// <dir>` runs them on every plan, with any backend (docs/governance.md). @pulumi/policy is the
// user's to install (an optional peer dependency): this module loads it only when called.
import { evaluate, kindOfType, levelOf, RULES, type PolicyConfig, type RuleResource } from "./rules";

export { evaluate, RULES, type PolicyConfig, type RuleResource, type Violation, type EnforcementLevel } from "./rules";

interface PolicyResourceLike {
  type: string;
  name: string;
  urn: string;
  props: Record<string, unknown>;
  propertyDependencies?: Record<string, Array<{ urn: string }>>;
}

/** @pulumi/policy's key for the object behind its unknown-checking proxy (proxy.ts getSpecialProxyTarget). */
const SPECIAL_PROXY_TARGET = "__getSpecialProxyTarget";

/** A resource of the policy engine as the rules see it. */
export function ruleResource(r: PolicyResourceLike): RuleResource {
  const deps: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(r.propertyDependencies ?? {})) deps[k] = v.map((d) => d.urn);
  // the engine's props throw on a value unknown at preview (@pulumi/policy proxy.ts), which would skip
  // the whole rule; the rules read the raw props instead, where such a value is the engine's sentinel
  const raw = (r.props as Record<string, unknown>)[SPECIAL_PROXY_TARGET] as Record<string, unknown> | undefined;
  return { kind: kindOfType(r.type), name: r.name, urn: r.urn, props: raw ?? r.props, propertyDependencies: deps };
}

export interface PortalPolicyPackOptions {
  /** The pack's name (default `pulumi-gis-portal`). */
  name?: string;
  /**
   * Levels and rule config in code, as `--policy-pack-config` takes them; the engine's
   * `--policy-pack-config` file overrides the levels.
   */
  config?: PolicyConfig;
}

/**
 * Each rule as a stack policy of @pulumi/policy: it sees every resource of the plan with its
 * inputs and the resources each input came from. Call it from a policy pack's index.js.
 */
export function portalPolicies(options: PortalPolicyPackOptions = {}): any[] {
  return RULES.map((rule) => ({
    name: rule.name,
    description: rule.description,
    enforcementLevel: levelOf(rule, options.config),
    configSchema: rule.configSchema ? { additionalProperties: false, ...rule.configSchema } : undefined,
    validateStack: (args: { resources: PolicyResourceLike[]; getConfig<T>(): T }, reportViolation: (message: string, urn?: string) => void) => {
      const fromEngine = (args.getConfig<Record<string, unknown>>() ?? {}) as Record<string, unknown>;
      const inCode = options.config?.[rule.name];
      const config = { ...(typeof inCode === "object" ? inCode : {}), ...fromEngine };
      const resources = args.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/portal:")).map(ruleResource);
      for (const v of evaluate(resources, { [rule.name]: { ...config, enforcementLevel: "mandatory" } }).filter((x) => x.policy === rule.name)) reportViolation(v.message, v.urn);
    },
  }));
}

/** The policy pack: `new PolicyPack(name, { policies: portalPolicies(options) })`. */
export function portalPolicyPack(options: PortalPolicyPackOptions = {}): unknown {
  const { PolicyPack } = require("@pulumi/policy") as { PolicyPack: new (name: string, args: { policies: any[] }) => unknown };
  return new PolicyPack(options.name ?? "pulumi-gis-portal", { policies: portalPolicies(options) });
}
