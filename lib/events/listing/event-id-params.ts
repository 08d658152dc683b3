import * as z from 'zod';
import { idPattern } from '../../ids';

/** Path parameters of GET /events/{eventID}: the id is checked before any read (API-SURFACE.md). */
export const eventIdParams = z.strictObject({
  eventID: z.string().regex(idPattern('event'), 'not an event id'),
});
