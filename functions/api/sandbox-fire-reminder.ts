import { apiOperation } from '../../lib/http/operation';
import { sandboxFireReminder as contract } from '../../lib/routes/sandbox-orders/sandbox-fire-reminder';
import { fireNextReminder } from '../../lib/calendar/calendar-events';

/** POST /v1/sandbox/companies/{companyID}/reminders `{kind?}`: fires the next reminder point: `calendar.reminder`. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({ status: 200, body: await fireNextReminder(caller.scope, params.companyID, body.kind) }),
});
