/**
 * Whole UTC hours, named by the first 13 characters of their ISO time (`2026-11-28T09`): the unit the
 * request log expires and is counted in (lib/store/entities/request-log-hour.ts). A sort key
 * `<created_at ISO>#<id>` of hour H lies strictly between `H` and `H;` (its next character is `:`, and
 * `;` follows `:`), so those two strings bound an hour as exclusive sort-key bounds.
 */
export const HOUR_MS = 60 * 60 * 1000;

/** The hour an instant (epoch ms) falls in. */
export const hourOf = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/** The hour a sort key (or a sort-key bound) falls in: its first 13 characters. */
export const hourOfKey = (key: string): string => key.slice(0, 13);

/** When an hour starts (epoch ms). */
export const hourStart = (hour: string): number => Date.parse(`${hour}:00:00.000Z`);

/** The hour after. */
export const nextHour = (hour: string): string => hourOf(hourStart(hour) + HOUR_MS);

/** The exclusive sort-key bounds of one hour's keys. */
export const hourBounds = (hour: string): { gt: string; lt: string } => ({ gt: hour, lt: `${hour};` });
