import { accountInput } from '../../accounts/schemas';
import { noQuery } from '../../input/empty';
import { accountSchema } from '../../resources/account';
import { partner } from '../core/operation';

export const createAccount = partner('create-account', {
  method: 'POST',
  path: '/v1/accounts',
  operation: 'createAccount',
  scope: 'accounts:write',
  idempotent: true,
  query: noQuery,
  body: accountInput,
  summary: 'Create an account (the incorporator)',
  description: 'Reusing an `external_id` returns the existing account with 200. Honours `Idempotency-Key`.',
  tag: 'Accounts',
  responses: {
    201: { description: 'The new account.', schema: accountSchema },
    200: { description: 'The existing account with this external_id.', schema: accountSchema },
  },
  errors: [409, 422],
});
