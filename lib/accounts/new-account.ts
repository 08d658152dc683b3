import { newId } from '../ids';
import { livemode, type Scope } from '../scope';
import type { AccountRecord } from '../resources/account';
import type { AccountInput } from './schemas';

/** An account record from its input; e-mails are kept lower-case (docs/decisions.md). */
export function newAccount(scope: Scope, input: AccountInput, createdAt: string): AccountRecord {
  return {
    id: newId('account'),
    livemode: livemode(scope),
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.toLowerCase(),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.external_id !== undefined ? { external_id: input.external_id } : {}),
    created_at: createdAt,
    metadata: input.metadata ?? {},
  };
}
