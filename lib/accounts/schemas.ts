import * as z from 'zod';
import { emailInput, metadataInput, phoneInput } from '../input/fields';
import { idParam } from '../input/id-param';

/**
 * What creating an account needs (the spec leaves it open; docs/decisions.md): the incorporator's
 * name and e-mail, optionally a phone and the partner's own id.
 */
export const accountInput = z
  .strictObject({
    first_name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ examples: ['Ada'] }),
    last_name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ examples: ['Lovelace'] }),
    email: emailInput,
    phone: phoneInput.optional(),
    external_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ examples: ['user-1042'] }),
    metadata: metadataInput.optional(),
  })
  .meta({ id: 'AccountParams' });

export type AccountInput = z.infer<typeof accountInput>;

export const accountIdParams = z.strictObject({
  accountID: idParam('account', 'account', 'as returned when it was created'),
});
