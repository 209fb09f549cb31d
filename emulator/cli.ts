#!/usr/bin/env node
// portal-emulator --port 7443 --fixtures file.json --release 11.4 [--web-adaptor portal] [--http-errors] [--request-timeout-ms 60000] [--help]
// Prints the emulator's URLs and the fixture users' tokens, then runs until SIGINT/SIGTERM.
import { parseArgs } from "node:util";
import { startEmulator } from "./index";
import { logInternalError } from "./internalErrors";

const OPTIONS = {
  port: { type: "string", default: "7443" },
  host: { type: "string", default: "127.0.0.1" },
  fixtures: { type: "string" },
  release: { type: "string", default: "11.4" },
  "web-adaptor": { type: "string" },
  "http-errors": { type: "boolean", default: false },
  "job-delay-ms": { type: "string" },
  "request-timeout-ms": { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

const USAGE = `Usage: portal-emulator [options]

Runs the portal emulator until SIGINT or SIGTERM, after printing its URLs and the fixture users'
tokens (local test tokens only).

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
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

// issue 45: this process is the emulator's own, serving every test of a CI job. An exception no
// route caught (thrown in a library's callback) is logged in one line and the server keeps serving:
// the request it belonged to, if any, is answered by the request timeout's 504. Only here, never in
// startEmulator (a test's process is not the emulator's to keep alive) nor in the provider.
process.on("uncaughtException", (e) => logInternalError("outside any request (the emulator keeps serving)", e));
process.on("unhandledRejection", (e) => logInternalError("outside any request (the emulator keeps serving)", e));

main().catch((e) => {
  process.stderr.write(`portal-emulator: ${(e as Error).message}\n`);
  process.exit(1);
});
