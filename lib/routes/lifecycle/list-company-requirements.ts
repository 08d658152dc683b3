import { noQuery } from '../../input/empty';
import { companyParams } from '../../lifecycle/params';
import { plainList } from '../../resources/lists';
import { requirementSchema } from '../../resources/requirement';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listCompanyRequirements = partner('list-company-requirements', {
  method: 'GET',
  path: '/v1/companies/{companyID}/requirements',
  operation: 'listCompanyRequirements',
  scope: 'requirements:read',
  params: companyParams,
  query: noQuery,
  summary: 'Requirements of a company, open and resolved, newest first',
  tag,
  responses: {
    200: { description: 'The requirements.', schema: plainList('RequirementList', requirementSchema, 'Requirements of a company.') },
  },
  errors: [404],
});
