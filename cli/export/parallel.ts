// The export's reads run PARALLEL at a time through ops.mapLimit: at 100–250 ms a round trip, what
// counts is requests in flight (16 at most, the transport's connections per origin). A portal that
// throttles answers 429 with Retry-After, and the transport then holds every request to it until
// then (provider/rest/client.ts), so a burst costs one wait, not failures.

/** Parallel reads at most. */
export const PARALLEL = 16;
