import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';

/** GET /me's answer (lib/me/describe-caller.ts). */
export const callerSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('caller'),
      partner_id: z.string(),
      partner_name: z.string(),
      livemode: z.boolean(),
      key_id: z.string(),
      key_name: z.string(),
      scopes: z.array(z.string()),
      expires_at: z.string().nullable(),
      api_version: z.string().meta({ description: 'The version this request ran on.' }),
      default_api_version: z.string(),
      webhook_version: z.string(),
      rate_limit: z.strictObject({ burst: z.number().int(), sustained: z.number().int() }),
    })
    .meta({ id: 'Caller', description: 'Who is calling: partner, key, mode, scopes and versions.' }),
);
