// spec.md#versions: an operation newer than the emulated release answers 404 with no message code, as
// an unknown resource of that release would (docs/emulator.md, unconfirmed).
import type { Emu } from "../context";
import { EmulatorError } from "../errors";

export function requireRelease(emu: Emu, since: string, operation: string): void {
  if (!emu.releaseAtLeast(since)) {
    throw new EmulatorError(404, `${operation} is not available: it was introduced at release ${since} and this portal is release ${emu.release}.`);
  }
}
