import { moveStageBody } from '../../lifecycle/schemas';
import { companyTrigger } from './shared';

export const sandboxMoveCompanyStage = companyTrigger(
  'move-company-stage',
  'stage',
  'sandboxMoveCompanyStage',
  'Move the stage along the stage machine: company.status.changed',
  moveStageBody,
);
