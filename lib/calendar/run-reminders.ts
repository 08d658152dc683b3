import { JOB_SHARDS } from '../store/keys';
import { openCompaniesOfShard } from '../store/entities/company';
import type { Mode } from '../scope';
import type { CompanyRecord } from '../resources/company';
import { calendarOf, fireReminder } from './calendar-events';

/**
 * The scheduled reminder job (functions/jobs/reminders.ts): for every open company of the mode, each
 * reminder point of its upcoming deadlines that has come (`remind_at` ≤ `asOf`) and that the company
 * lived to see (`remind_at` ≥ its creation) fires `calendar.reminder`, once ever: a second, late or
 * concurrent run finds the point's guard item and skips it. `onlyPartner` limits a run to one partner
 * (an operator re-running one partner's reminders).
 */
export async function runReminders(mode: Mode, asOf: Date, onlyPartner?: string): Promise<number> {
  let fired = 0;
  for (let shard = 0; shard < JOB_SHARDS; shard++) {
    // Page by page: the reminders of one page fire before the next page is read.
    for await (const page of openCompaniesOfShard(mode, shard, onlyPartner)) {
      for (const item of page.items) {
        const partnerId = String(item.gsi4sk).split('#')[0];
        const scope = { partnerId, mode };
        const company = item as unknown as CompanyRecord;
        for (const event of await calendarOf(scope, company, asOf)) {
          for (const point of event.reminders) {
            if (point > asOf.toISOString() || point < company.created_at || event.reminders_fired.includes(point)) continue;
            if (await fireReminder(scope, event, point)) fired++;
          }
        }
      }
    }
  }
  return fired;
}
