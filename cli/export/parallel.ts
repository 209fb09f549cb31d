// The export's reads run a few at a time (a real portal throttles bursts; ops.mapLimit).
import { ops } from "../../provider";

export const mapLimit = ops.mapLimit;

/** Parallel reads at most. */
export const PARALLEL = 4;
