import * as z from 'zod';
import { idParam } from '../../input/id-param';

/** Path parameters of GET /events/{eventID}: the id is checked before any read (docs/api.md). */
export const eventIdParams = z.strictObject({
  eventID: idParam('event', 'event'),
});
