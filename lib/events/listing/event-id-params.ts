import * as z from 'zod';

/** Path parameters of GET /events/{eventID}: the id is checked before any read (API-SURFACE.md). */
export const eventIdParams = z.strictObject({
  eventID: z.string().regex(/^evt_[0-9A-Za-z]{22}$/, 'not an event id'),
});
