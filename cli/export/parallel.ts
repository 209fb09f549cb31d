// The export's reads run a few at a time (a real portal throttles bursts), through ops.mapLimit.

/** Parallel reads at most. */
export const PARALLEL = 4;
