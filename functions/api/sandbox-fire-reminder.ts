import * as z from 'zod';
import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyIdParams } from '../../lib/companies/schemas';
import { DEADLINE_KINDS, fireNextReminder } from '../../lib/calendar/calendar-events';

const body = z.strictObject({ kind: z.enum(DEADLINE_KINDS as ['annual_report', 'federal_tax_filing']).optional() });

/** POST /v1/sandbox/companies/{companyID}/reminders `{kind?}`: fires the next reminder point: `calendar.reminder`. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  params: companyIdParams,
  query: noQuery,
  body,
  handle: async ({ caller, params, body }) => ({ status: 200, body: await fireNextReminder(caller.scope, params.companyID, body.kind) }),
});
