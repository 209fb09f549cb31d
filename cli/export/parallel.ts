// The export's reads run a few at a time (a real portal throttles bursts).
export { mapLimit } from "../../provider/ops/mapLimit";

/** Parallel reads at most. */
export const PARALLEL = 4;
