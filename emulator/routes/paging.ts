// Paging of the public API's listings (search, group content, user content): `start` is 1-based,
// `num` at most 100 (default 10), `nextStart` is -1 after the last page.
import type { Params } from "../params";
import { badRequest } from "../errors";

const MAX_NUM = 100;

export function page(p: Params, total: number, defaultNum = 10): { start: number; num: number; nextStart: number } {
  const start = p.int("start") ?? 1;
  const num = p.int("num") ?? defaultNum;
  if (start < 1) throw badRequest("'start' must be 1 or more.");
  if (num < 0 || num > MAX_NUM) throw badRequest(`'num' must be between 0 and ${MAX_NUM}.`);
  const next = start + num;
  return { start, num, nextStart: num > 0 && next <= total ? next : -1 };
}
