import * as z from 'zod';
import { DEADLINE_KINDS } from './calendar-events';

/** POST /v1/sandbox/companies/{companyID}/reminders `{kind?}`. */
export const fireReminderBody = z.strictObject({ kind: z.enum(DEADLINE_KINDS as ['annual_report', 'federal_tax_filing']).optional() });
