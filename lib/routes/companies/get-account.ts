import { accountIdParams } from '../../accounts/schemas';
import { noQuery } from '../../input/empty';
import { accountSchema } from '../../resources/account';
import { partner } from '../core/operation';

export const getAccount = partner('get-account', {
  method: 'GET',
  path: '/v1/accounts/{accountID}',
  operation: 'getAccount',
  scope: 'accounts:read',
  params: accountIdParams,
  query: noQuery,
  summary: 'One account',
  tag: 'Accounts',
  responses: { 200: { description: 'The account.', schema: accountSchema } },
  errors: [404],
});
