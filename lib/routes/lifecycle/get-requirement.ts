import { noQuery } from '../../input/empty';
import { requirementParams } from '../../lifecycle/params';
import { requirementSchema } from '../../resources/requirement';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getRequirement = partner('get-requirement', {
  method: 'GET',
  path: '/v1/requirements/{requirementID}',
  operation: 'getRequirement',
  scope: 'requirements:read',
  params: requirementParams,
  query: noQuery,
  summary: 'One requirement',
  tag,
  responses: { 200: { description: 'The requirement.', schema: requirementSchema } },
  errors: [404],
});
