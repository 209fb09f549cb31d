// A provider process the kill test stops with SIGKILL mid-upload: configures the PortalItem
// provider from argv[2] ({portalUrl, token, inputs}) and runs one create.
import { portalItem as p } from "../../../provider/resources/portalItem/provider";

async function main(): Promise<void> {
  const { portalUrl, token, inputs } = JSON.parse(process.argv[2]);
  await p.configure!({ config: { get: (k: string) => ({ "portal:url": portalUrl, "portal:token": token })[k], require: () => "" } } as any);
  await p.create(inputs);
}

void main();
