// Progress lines the Pulumi CLI shows while a step runs (issue 16, scope 5).
//
// What works in a dynamic provider (verified with CLI 3.248, docs/dev/compatibility-log.md): the SDK's
// dynamic-provider host is started by the engine with the engine's gRPC address as its first
// argument, but it does not connect `pulumi.log` to it (there `pulumi.log.info` falls back to
// stdout, which the engine keeps for `-v` logs only). We open our own Engine client on that address
// and send ephemeral info messages: the CLI prints them on the step's row as they arrive (the
// resource's row with its URN, the stack's row without one) and drops them from the final
// Diagnostics; `preview --json` has none (create and update do not run in a preview), and the
// `--json` event stream of `up` carries them as diagnosticEvents marked ephemeral.
//
// Outside the dynamic-provider host (tests, the CLI tools) reporting is a no-op, as it is with
// PULUMI_GIS_PORTAL_PROGRESS=0. Lines are throttled per key; a failure to deliver is ignored.
import * as path from "node:path";
import type { RetryNotice } from "./rest/client";
import { currentUrn } from "./resourceContext";

export interface ProgressOptions {
  /** The resource's URN when known: the line then shows on its row; otherwise on the stack's. */
  urn?: string;
  /** Lines of one key are sent at most once per `intervalMs` (default 2000) unless `final`. */
  key?: string;
  intervalMs?: number;
  /** Always sent (the last line of an operation). */
  final?: boolean;
  /** Shown while the step runs only (default); false: also kept in the run's Diagnostics under the resource. */
  ephemeral?: boolean;
}

type Sender = (message: string, urn: string, ephemeral?: boolean) => Promise<void>;

let sender: Sender | null | undefined;
const lastSent = new Map<string, number>();

/** The engine address when this process is the SDK's dynamic-provider host, else undefined. */
export function dynamicProviderEngineAddress(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PULUMI_GIS_PORTAL_PROGRESS === "0") return undefined;
  const script = argv[1] ?? "";
  if (!/[\\/]cmd[\\/]dynamic-provider([\\/]index(\.js)?)?$/.test(script)) return undefined;
  const addr = argv[2];
  return addr && /^[\w.\-[\]:]+:\d+$/.test(addr) ? addr : undefined;
}

function engineSender(): Sender | null {
  if (sender !== undefined) return sender;
  const addr = dynamicProviderEngineAddress();
  if (!addr) return (sender = null);
  try {
    // the SDK's own grpc and generated Engine client, so nothing is added to our dependencies
    const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdkDir] }));
    const engrpc = require("@pulumi/pulumi/proto/engine_grpc_pb.js");
    const engproto = require("@pulumi/pulumi/proto/engine_pb.js");
    const client = new engrpc.EngineClient(addr, grpc.credentials.createInsecure());
    sender = (message, urn, ephemeral = true) =>
      new Promise<void>((resolve) => {
        const req = new engproto.LogRequest();
        req.setSeverity(engproto.LogSeverity.INFO);
        req.setMessage(message);
        req.setUrn(urn);
        req.setEphemeral(ephemeral);
        client.log(req, () => resolve());
      });
  } catch {
    sender = null;
  }
  return sender;
}

/** Sends one progress line to the CLI (throttled per key); resolves when delivered or skipped. */
export async function reportProgress(message: string, options: ProgressOptions = {}): Promise<void> {
  const send = engineSender();
  if (!send) return;
  const key = options.key ?? options.urn ?? "";
  const now = Date.now();
  if (!options.final && now - (lastSent.get(key) ?? -Infinity) < (options.intervalMs ?? 2000)) return;
  lastSent.set(key, now);
  try {
    await send(message, options.urn ?? "", options.ephemeral ?? true);
  } catch {
    // progress is best effort
  }
}

/**
 * A request sent again (rest/client.ts onRetry), on the row of the resource it was for
 * (resourceContext.ts) and kept in the run's Diagnostics: "getItem: sent again (attempt 2 in 0.3 s)
 * after 503 Service Unavailable". Never throttled: each retry is one line.
 */
export function reportRetry(r: RetryNotice): Promise<void> {
  const wait = r.delayMs >= 1000 ? `${(r.delayMs / 1000).toFixed(1)} s` : `${Math.round(r.delayMs)} ms`;
  return reportProgress(`${r.operation}: sent again (attempt ${r.attempt} in ${wait}) after ${r.reason}`, { urn: currentUrn(), final: true, ephemeral: false });
}

/** "128.0 of 256.0 MiB (50%), 42.1 MiB/s, parts 16/32" for an upload; parts only when given. */
export function uploadProgressLine(sentBytes: number, totalBytes: number, elapsedMs: number, parts?: { done: number; total: number }): string {
  const mib = (n: number) => (n / (1024 * 1024)).toFixed(1);
  const pct = totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 100;
  const rate = elapsedMs > 0 ? sentBytes / (1024 * 1024) / (elapsedMs / 1000) : 0;
  const partText = parts ? `, parts ${parts.done}/${parts.total}` : "";
  return `uploading ${mib(sentBytes)} of ${mib(totalBytes)} MiB (${pct}%), ${rate.toFixed(1)} MiB/s${partText}`;
}

/** "job 7f3c… processing, 42 s" for a polled job. */
export function jobProgressLine(what: string, status: string, elapsedMs: number): string {
  return `${what} ${status}, ${Math.round(elapsedMs / 1000)} s`;
}

/** Test hook: forget the sender and the throttle state. */
export function resetProgressForTests(replacement?: Sender | null): void {
  sender = replacement;
  lastSent.clear();
}
