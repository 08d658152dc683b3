import * as z from 'zod';

/**
 * RFC 3339 date-times (section 5.6), the one rule for every `created_at` filter (spec "GET /events":
 * "RFC 3339 bounds"; the same on our other lists): any fraction, `Z` or an offset, `T`/`Z` in either case,
 * and only instants that exist (no Feb 30, no hour 24, no second 60).
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** An instant parsed from RFC 3339: its whole milliseconds, and whether a finer fraction was cut off. */
export interface Instant {
  ms: number;
  /** True when the value is exactly on a millisecond. */
  exact: boolean;
}

/** Parses an RFC 3339 date-time (section 5.6), or undefined when it is not one (Feb 30, hour 24…). */
export function parseRfc3339(value: string): Instant | undefined {
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction = '', offset] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const dayCheck = new Date(0);
  dayCheck.setUTCFullYear(year, month - 1, day);
  if (day < 1 || dayCheck.getUTCDate() !== day || dayCheck.getUTCMonth() !== month - 1) return undefined;
  let offsetMinutes = 0;
  if (offset.toUpperCase() !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const exact = !/[1-9]/.test(fraction.slice(3));
  // setUTCFullYear, not Date.UTC, which would read years 0..99 as 1900..1999.
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second, millis);
  return { ms: instant.getTime() - offsetMinutes * 60_000, exact };
}

/** A query parameter holding an RFC 3339 date-time, refused with a valid example when it is not one. */
export const instant = () =>
  z
    .string()
    .superRefine((v, ctx) => {
      if (parseRfc3339(v) !== undefined) return;
      // An offset's `+` sent unencoded reaches us as a space (form encoding): say so, since the
      // example below, pasted as it is into a URL, would fail the same way.
      const plusLost = parseRfc3339(v.replace(/ (\d{2}:\d{2})$/, '+$1')) !== undefined;
      ctx.addIssue({
        code: 'custom',
        message: plusLost
          ? `'${v}' is not an RFC 3339 date-time: the '+' of its offset arrived as a space`
          : 'is not an RFC 3339 date-time',
        params: {
          validation_type: 'format',
          how_to_fix: plusLost
            ? `Encode the offset's + as %2B in the query string, such as ${v.replace(/ (\d{2}:\d{2})$/, '%2B$1')}, or send the time in UTC with Z.`
            : 'Send an RFC 3339 date-time such as 2026-11-01T09:30:00Z or 2026-11-01T10:30:00.250%2B01:00 (a + in a query string is written %2B).',
        },
      });
    })
    .meta({ format: 'date-time', description: 'RFC 3339 date-time.' });
