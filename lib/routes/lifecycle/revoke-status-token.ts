import { noQuery } from '../../input/empty';
import { statusTokenParams } from '../../lifecycle/params';
import { deletedStatusTokenSchema } from '../../resources/lifecycle-objects';
import { partner } from '../core/operation';
import { tag } from './shared';

export const revokeStatusToken = partner('revoke-status-token', {
  method: 'DELETE',
  path: '/v1/companies/{companyID}/status-tokens/{statusTokenID}',
  operation: 'revokeStatusToken',
  scope: 'companies:write',
  params: statusTokenParams,
  query: noQuery,
  summary: 'Revoke a status link: 404 from the next request on',
  tag,
  responses: { 200: { description: 'The revoked link.', schema: deletedStatusTokenSchema } },
  errors: [404],
});
