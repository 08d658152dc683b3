import { noQuery } from '../../input/empty';
import { companyParams } from '../../lifecycle/params';
import { statusTokenSchema } from '../../resources/lifecycle-objects';
import { plainList } from '../../resources/lists';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listStatusTokens = partner('list-status-tokens', {
  method: 'GET',
  path: '/v1/companies/{companyID}/status-tokens',
  operation: 'listStatusTokens',
  // The urls are working links: reading them takes the scope that mints them (docs/decisions.md, "Status links").
  scope: 'companies:write',
  params: companyParams,
  query: noQuery,
  summary: 'The company’s status links',
  tag,
  responses: { 200: { description: 'The links.', schema: plainList('StatusTokenList', statusTokenSchema, 'Status links of a company.') } },
  errors: [404],
});
