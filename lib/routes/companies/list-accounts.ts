import { listAccountsQuery } from '../../accounts/list-accounts';
import { accountSchema } from '../../resources/account';
import { pagedList } from '../../resources/lists';
import { partner } from '../core/operation';

export const listAccounts = partner('list-accounts', {
  method: 'GET',
  path: '/v1/accounts',
  operation: 'listAccounts',
  scope: 'accounts:read',
  query: listAccountsQuery,
  summary: 'The accounts, newest first, cursor-paged',
  tag: 'Accounts',
  responses: { 200: { description: 'A page of accounts.', schema: pagedList('AccountList', accountSchema, 'A page of accounts.') } },
});
