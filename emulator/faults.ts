// Fault injection of the control plane (spec.md#design-emulator): an error rate with chosen codes,
// added latency, dropped connections and bursts of 429 with Retry-After, optionally limited to
// paths matching a regex, to a number of faults, and to answers lost after the request ran.
import { EmulatorError, badRequest } from "./errors";

export interface FaultSpec {
  rate?: number;
  codes?: number[];
  latencyMs?: number;
  dropConnections?: boolean;
  burst429?: { count: number; retryAfterSeconds: number };
  paths?: string;
  /** At most this many requests get the rate's fault; then they pass. Default: no limit. */
  count?: number;
  /** The request runs first, then its answer is lost (dropped) or replaced by the error. */
  after?: boolean;
}

export interface FaultOutcome {
  drop?: boolean;
  error?: EmulatorError;
  /** Apply once the request has run (its answer, not its effect, is lost). */
  after?: boolean;
}

export class Faults {
  private spec: FaultSpec = {};
  private paths?: RegExp;
  private burstLeft = 0;
  private faultsLeft?: number;

  set(spec: FaultSpec): FaultSpec {
    if (spec.rate !== undefined && (typeof spec.rate !== "number" || spec.rate < 0 || spec.rate > 1)) throw badRequest("rate must be a number from 0 to 1.");
    if (spec.codes !== undefined && (!Array.isArray(spec.codes) || spec.codes.some((c) => !Number.isInteger(c) || c < 400 || c > 599))) throw badRequest("codes must be HTTP error codes (400-599).");
    if (spec.latencyMs !== undefined && (typeof spec.latencyMs !== "number" || spec.latencyMs < 0)) throw badRequest("latencyMs must be a non-negative number.");
    const b = spec.burst429;
    if (b !== undefined && (!Number.isInteger(b.count) || b.count < 0 || typeof b.retryAfterSeconds !== "number" || b.retryAfterSeconds < 0)) throw badRequest("burst429 must be {count, retryAfterSeconds}.");
    if (spec.count !== undefined && (!Number.isInteger(spec.count) || spec.count < 0)) throw badRequest("count must be a non-negative integer.");
    try {
      this.paths = spec.paths !== undefined ? new RegExp(spec.paths) : undefined;
    } catch {
      throw badRequest("paths must be a regular expression.");
    }
    this.spec = spec;
    this.burstLeft = b?.count ?? 0;
    this.faultsLeft = spec.count;
    return this.spec;
  }

  clear(): void {
    this.spec = {};
    this.paths = undefined;
    this.burstLeft = 0;
    this.faultsLeft = undefined;
  }

  /** Decides the fault for one request: latency first, then a 429 burst, then the error rate. */
  async apply(path: string): Promise<FaultOutcome | undefined> {
    if (this.paths && !this.paths.test(path)) return undefined;
    if (this.spec.latencyMs) await new Promise((r) => setTimeout(r, this.spec.latencyMs));
    if (this.burstLeft > 0) {
      this.burstLeft--;
      const retryAfter = String(this.spec.burst429!.retryAfterSeconds);
      return { error: new EmulatorError(429, "Too many requests (injected).", undefined, [], { "Retry-After": retryAfter }) };
    }
    const rate = this.spec.rate ?? 0;
    if (rate > 0 && this.faultsLeft !== 0 && Math.random() < rate) {
      if (this.faultsLeft !== undefined) this.faultsLeft--;
      const after = this.spec.after === true ? { after: true } : {};
      if (this.spec.dropConnections) return { drop: true, ...after };
      const codes = this.spec.codes?.length ? this.spec.codes : [500];
      const code = codes[Math.floor(Math.random() * codes.length)];
      return { error: new EmulatorError(code, `Injected fault ${code}.`, undefined, [], code === 429 ? { "Retry-After": "1" } : {}), ...after };
    }
    return undefined;
  }
}
