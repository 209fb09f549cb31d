// spec.md#append appendSourceInfo.dateFieldsTimeReference (11.4, spec.md#versions): text dates without an
// offset are read in the given time zone; without it (or before 11.4) they are read as UTC.
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The zone's offset from UTC in ms at `utcMs`. */
function zoneOffset(timeZone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(utcMs / 1000) * 1000;
}

export interface TimeReference {
  timeZone?: string;
  respectsDaylightSaving?: boolean;
}

export function dateParser(reference: TimeReference | undefined): (text: string) => number {
  const timeZone = reference?.timeZone;
  if (!timeZone) return (text) => (HAS_OFFSET.test(text.trim()) ? Date.parse(text) : Date.parse(`${text.trim().replace(" ", "T")}Z`));
  try {
    zoneOffset(timeZone, 0);
  } catch {
    throw new Error(`appendSourceInfo.dateFieldsTimeReference.timeZone '${timeZone}' is not a known time zone`);
  }
  return (text) => {
    const t = text.trim();
    if (HAS_OFFSET.test(t)) return Date.parse(t);
    const asUtc = Date.parse(`${t.replace(" ", "T")}Z`);
    if (!Number.isFinite(asUtc)) return NaN;
    // Without daylight saving the zone's January offset is used all year (unconfirmed reading).
    const at = reference?.respectsDaylightSaving === false ? Date.UTC(new Date(asUtc).getUTCFullYear(), 0, 1) : asUtc;
    return asUtc - zoneOffset(timeZone, at);
  };
}
