/**
 * When each job under functions/jobs/ runs (EventBridge Scheduler expressions, UTC). A job file
 * without a row here stops the synth with a message saying so; a row whose file is not there yet
 * is skipped (see when-present.ts). Keyed by file name without `.ts`.
 */
export interface JobSchedule {
  expression: string;
  description: string;
  /** Longest run the job needs (Lambda's limit is 15 minutes). */
  timeoutSeconds: number;
}

export const JOB_SCHEDULES: Record<string, JobSchedule> = {
  'month-end-close': { expression: 'cron(5 0 1 * ? *)', description: 'Month-end invoices: closes the past month for every partner', timeoutSeconds: 900 },
  renewals: { expression: 'cron(15 * * * ? *)', description: 'Renews yearly and monthly services that come due', timeoutSeconds: 900 },
  'quote-expiry': { expression: 'rate(15 minutes)', description: 'Expires quotes past quote.expires_at', timeoutSeconds: 300 },
  'calendar-reminders': { expression: 'cron(0 * * * ? *)', description: 'Fires compliance calendar reminders that come due', timeoutSeconds: 300 },
};

export function scheduleOf(entry: string): JobSchedule & { name: string } {
  const name = entry.replace(/^.*\//, '').replace(/\.ts$/, '');
  const schedule = JOB_SCHEDULES[name];
  if (!schedule) throw new Error(`${entry} has no schedule: add a row for "${name}" to infra/aws/job-schedules.ts.`);
  return { name, ...schedule };
}
