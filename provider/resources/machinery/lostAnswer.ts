// A create whose answer was lost (issue 28, safe over a real network): createGroup and createFolder
// have no key to send again with (spec.md#design-retries: they are not repeated blindly), and a
// connection reset after the request was sent leaves the object made and the state without it. The
// next preview would then refuse the title as taken (titles are unique per owner) and the run would
// never converge. The title was free when check ran, so an object of the configured user with that
// title found right after the lost answer is the one this request made: the create goes on with it.
import type { PortalClient } from "../../rest/client";
import { NetworkError } from "../../rest/errors";

const FIND_ATTEMPTS = 5;

/** `send`'s answer, or (its answer lost: no answer at all) what `find` reads back in its place; else `send`'s error. */
export async function madeOrFound<M, F>(client: PortalClient, send: () => Promise<M>, find: () => Promise<F | undefined>): Promise<{ made: M } | { found: F }> {
  try {
    return { made: await send() };
  } catch (e) {
    if (!(e instanceof NetworkError)) throw e;
    // the read back is this create's one chance to avoid a title the next preview refuses, so it
    // outlasts a few failed reads (each already retried by the client) before giving up
    for (let attempt = 1; ; attempt++) {
      client.forgetReads(); // a listing read before the request does not know what it made
      try {
        const found = await find();
        if (found === undefined) throw e;
        return { found };
      } catch (readError) {
        if (readError === e || attempt >= FIND_ATTEMPTS) throw e;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  }
}
