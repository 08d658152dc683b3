import { noQuery } from '../../input/empty';
import { mintStatusTokenBody } from '../../status-tokens/mint-body';
import { companyParams } from '../../lifecycle/params';
import { statusTokenSchema } from '../../resources/lifecycle-objects';
import { partner } from '../core/operation';
import { tag } from './shared';

export const createStatusToken = partner('create-status-token', {
  method: 'POST',
  path: '/v1/companies/{companyID}/status-tokens',
  operation: 'createStatusToken',
  scope: 'companies:write',
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: mintStatusTokenBody,
  summary: 'Mint a keyless status link',
  tag,
  responses: { 201: { description: 'The link.', schema: statusTokenSchema } },
  errors: [404, 409, 422],
});
