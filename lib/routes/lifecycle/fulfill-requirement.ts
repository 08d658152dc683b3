import { noQuery } from '../../input/empty';
import { fulfillBody } from '../../lifecycle/operations/fulfill-requirement';
import { requirementParams } from '../../lifecycle/params';
import { requirementSchema } from '../../resources/requirement';
import { partner } from '../core/operation';
import { tag } from './shared';

export const fulfillRequirement = partner('fulfill-requirement', {
  method: 'POST',
  path: '/v1/requirements/{requirementID}/fulfill',
  operation: 'fulfillRequirement',
  scope: 'requirements:write',
  idempotent: true,
  params: requirementParams,
  query: noQuery,
  body: fulfillBody,
  summary: 'Answer an open requirement: `{name}` (name_change), `{answers}` (information, form), `{file}` (document)',
  description: 'A signature requirement is fulfilled only by its signers. An answer to a requirement that is not open is refused.',
  tag,
  responses: { 200: { description: 'The resolved requirement, with its response.', schema: requirementSchema } },
  errors: [404, 409, 422],
});
