import { runBillingBody } from '../../jobs/schemas';
import { billingRunSchema } from '../../resources/billing-run';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxRunBilling = partner('sandbox-run-billing', {
  method: 'POST',
  path: '/v1/sandbox/billing/run',
  operation: 'sandboxRunBilling',
  ...sandbox,
  body: runBillingBody,
  summary: 'Run renewals and the month-end close of your sandbox as of a time (a test invoice, never charged)',
  tag,
  responses: { 200: { description: 'What the run did.', schema: billingRunSchema } },
});
