import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime, idOf, metadataSchema } from './shared';

/** The account (the incorporator) as the API shows it (spec Resources → Account). */
export const accountSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('account'),
      id: idOf('account'),
      livemode: z.boolean(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string().optional(),
      external_id: z.string().optional(),
      created_at: dateTime(),
      metadata: metadataSchema(),
    })
    .meta({ id: 'Account', description: 'The incorporator: the person a partner creates companies for.' }),
);

export type Account = z.infer<ReturnType<typeof accountSchema>>;

/** What the store keeps of an account: the API fields, minus the constant `object`. */
export type AccountRecord = Omit<Account, 'object'>;

export function renderAccount(record: AccountRecord): Account {
  return {
    object: 'account',
    id: record.id,
    livemode: record.livemode,
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email,
    ...(record.phone !== undefined ? { phone: record.phone } : {}),
    ...(record.external_id !== undefined ? { external_id: record.external_id } : {}),
    created_at: record.created_at,
    metadata: record.metadata ?? {},
  };
}
