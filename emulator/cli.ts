#!/usr/bin/env node
// portal-emulator --port 7443 --fixtures file.json --release 11.4 [--web-adaptor portal] [--http-errors] [--request-timeout-ms 60000]
// Prints the emulator's URLs and the fixture users' tokens, then runs until SIGINT/SIGTERM.
import { parseArgs } from "node:util";
import { startEmulator } from "./index";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "7443" },
      host: { type: "string", default: "127.0.0.1" },
      fixtures: { type: "string" },
      release: { type: "string", default: "11.4" },
      "web-adaptor": { type: "string" },
      "http-errors": { type: "boolean", default: false },
      "job-delay-ms": { type: "string" },
      "request-timeout-ms": { type: "string" },
    },
  });
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

main().catch((e) => {
  process.stderr.write(`portal-emulator: ${(e as Error).message}\n`);
  process.exit(1);
});
