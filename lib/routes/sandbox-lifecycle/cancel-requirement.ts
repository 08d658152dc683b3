import { requirementParams } from '../../lifecycle/params';
import { cancelRequirementBody } from '../../requirements/schemas';
import { partner } from '../core/operation';
import { requirement200, sandbox, tag } from './shared';

export const sandboxCancelRequirement = partner('sandbox/cancel-requirement', {
  method: 'POST',
  path: '/v1/sandbox/requirements/{requirementID}/cancel',
  operation: 'sandboxCancelRequirement',
  ...sandbox,
  params: requirementParams,
  body: cancelRequirementBody,
  summary: 'Withdraw an open requirement: requirement.canceled with cancel_reason',
  tag,
  responses: requirement200,
});
