import { z } from 'zod';

/** For endpoints without query parameters: anything sent is refused, so a typo never passes silently. */
export const noQuery = z.strictObject({});
