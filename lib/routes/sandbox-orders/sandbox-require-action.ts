import { noBody } from '../../input/empty';
import { orderTrigger } from './shared';

export const sandboxRequireAction = orderTrigger(
  'sandbox-require-action',
  'require-action',
  'sandboxRequireAction',
  'in_progress → requires_action with a form requirement',
  noBody,
);
