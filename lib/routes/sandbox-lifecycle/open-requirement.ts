import { companyParams } from '../../lifecycle/params';
import { sandboxRequirementBody } from '../../requirements/sandbox-requirement-input';
import { requirementSchema } from '../../resources/requirement';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxOpenRequirement = partner('sandbox/open-requirement', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/requirements',
  operation: 'sandboxOpenRequirement',
  ...sandbox,
  params: companyParams,
  body: sandboxRequirementBody,
  summary: 'Open a requirement of any type: requirement.created',
  tag,
  responses: { 201: { description: 'The requirement.', schema: requirementSchema } },
});
