// Hosted feature services as `export` reads and writes them (provider/index.ts `hostedServices`):
// adopt.ts's reading, with provider.ts's layer reading, so the program export writes previews as an
// adopt with no change.
import { exportedService as exportedWith, type HeldService } from "./adopt";
import { readLayer } from "./provider";
import type { RawInputs } from "../machinery/state";

export { HOSTED_KEYWORD, notHostedService, readHeldService, serviceNameOf, type HeldService } from "./adopt";

/** The FeatureService arguments `export` writes for a service. */
export const exportedService = (s: HeldService): RawInputs => exportedWith(s, readLayer);
