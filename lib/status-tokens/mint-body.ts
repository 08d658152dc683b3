import * as z from 'zod';
import { realNowMs } from '../clock';

/**
 * POST /v1/companies/{companyID}/status-tokens takes nothing, or an end for the link: `expires_at`, a
 * future RFC 3339 time (real time, as API keys' own).
 */
export const mintStatusTokenBody = z.strictObject({
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) > realNowMs(), {
      message: 'is in the past',
      params: {
        validation_type: 'minimum',
        how_to_fix:
          'Send a future time (RFC 3339), such as "expires_at": "2027-01-01T00:00:00Z", or leave expires_at out for a link that works until revoked.',
      },
    })
    .optional()
    .meta({ description: 'When the link stops working (RFC 3339, in the future). Without it the link works until revoked.' }),
});
