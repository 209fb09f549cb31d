#!/usr/bin/env node
// portal-emulator --port 7443 --fixtures file.json --release 11.4 [--web-adaptor portal] [--http-errors] [--request-timeout-ms 60000] [--detached] [--help]
// Prints the emulator's URLs and the fixture users' tokens, then runs until SIGINT/SIGTERM, or until
// the process that started it ends (parentWatch.ts; --detached: not then).
import { parseArgs } from "node:util";
import { startEmulator } from "./index";
import { logInternalError } from "./internalErrors";
import { onLauncherGone } from "./parentWatch";
import type { Flavor } from "./features/urls";

const OPTIONS = {
  port: { type: "string", default: "7443" },
  host: { type: "string", default: "127.0.0.1" },
  fixtures: { type: "string" },
  release: { type: "string", default: "11.4" },
  "web-adaptor": { type: "string" },
  "http-errors": { type: "boolean", default: false },
  "job-delay-ms": { type: "string" },
  "request-timeout-ms": { type: "string" },
  flavor: { type: "string", default: "online" },
  detached: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

const USAGE = `Usage: portal-emulator [options]

Runs the portal emulator until SIGINT or SIGTERM, after printing its URLs and the fixture users'
tokens (local test tokens only). It also stops when the process that started it ends (npx, a
test runner, a script), so stopping the launcher frees the port even where the signal is not
passed on.

Options:
  --port <n>            port to listen on (default 7443; 0: any free port)
  --host <address>      address to listen on (default 127.0.0.1)
  --fixtures <file>     a JSON fixtures file (default: the built-in fixture users)
  --release <version>   the portal release to emulate (default 11.4)
  --web-adaptor <name>  serve under /<name>/sharing/rest, as a web adaptor does
  --http-errors         answer errors with their HTTP status (default: HTTP 200 with the
                        error envelope, as a real portal does)
  --job-delay-ms <n>    delay of each step of an asynchronous job (default 20)
  --request-timeout-ms <n>
                        a request not answered this long after its body arrived gets a 504
                        in the error envelope (default 60000)
  --flavor <name>       the hosted feature service URL forms to serve: online (default;
                        <orgId>/arcgis/rest/services/<name>/FeatureServer, names unique per
                        organization) or enterprise (server/rest/services/Hosted/<name>/FeatureServer)
  --detached            keep running after the process that started it ends (stop it with
                        SIGINT or SIGTERM)
  -h, --help            print this help and exit
`;

function parsed(): ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"] {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (e) {
    // an unknown option or a missing value: which one, and where the options are listed
    process.stderr.write(`portal-emulator: ${(e as Error).message}\nRun portal-emulator --help for the options.\n`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const values = parsed();
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const emulator = await startEmulator({
    port: Number(values.port),
    host: values.host,
    fixtures: values.fixtures,
    release: values.release,
    webAdaptor: values["web-adaptor"],
    httpErrors: values["http-errors"],
    jobDelayMs: values["job-delay-ms"] !== undefined ? Number(values["job-delay-ms"]) : undefined,
    requestTimeoutMs: values["request-timeout-ms"] !== undefined ? Number(values["request-timeout-ms"]) : undefined,
    flavor: values.flavor as Flavor,
  });
  const lines = [
    `portal emulator (release ${values.release}) listening`,
    `url:        ${emulator.url}`,
    `portalUrl:  ${emulator.portalUrl}`,
    `sharingUrl: ${emulator.sharingUrl}`,
    `serviceUrl: ${emulator.serviceUrl}`,
    `controlUrl: ${emulator.controlUrl}`,
    `portalId:   ${emulator.portalId}`,
    "tokens (fixture users; local test tokens only):",
    ...Object.entries(emulator.tokens).map(([user, token]) => `  ${user}: ${token}`),
  ];
  process.stdout.write(lines.join("\n") + "\n");
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void emulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  if (!values.detached) {
    onLauncherGone((pid) => {
      process.stderr.write(`portal-emulator: the process that started it (pid ${pid}) has ended; stopping\n`);
      stop();
    });
  }
}

// issue 45: this process is the emulator's own, serving every test of a CI job. An exception no
// route caught (thrown in a library's callback) is logged in one line and the server keeps serving:
// the request it belonged to, if any, is answered by the request timeout's 504. Only here, never in
// startEmulator (a test's process is not the emulator's to keep alive) nor in the provider.
// output nobody reads any more (the launcher that held the pipe is gone) is not an error of the emulator
process.stdout.on("error", () => undefined);
process.stderr.on("error", () => undefined);
process.on("uncaughtException", (e) => logInternalError("outside any request (the emulator keeps serving)", e));
process.on("unhandledRejection", (e) => logInternalError("outside any request (the emulator keeps serving)", e));

main().catch((e) => {
  process.stderr.write(`portal-emulator: ${(e as Error).message}\n`);
  process.exit(1);
});
