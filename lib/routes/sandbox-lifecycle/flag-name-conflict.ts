import { noBody } from '../../input/empty';
import { companyTrigger } from './shared';

export const sandboxFlagNameConflict = companyTrigger(
  'flag-name-conflict',
  'name-conflict',
  'sandboxFlagNameConflict',
  'The state reports the name taken: stage name_conflict and a name_change requirement',
  noBody,
);
