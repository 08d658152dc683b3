import {
  attemptItem,
  attemptOutcomesPage,
  attemptsOfEndpoint,
  attemptsOfEventPage,
  type AttemptRecord,
} from '../../store/entities/webhook-attempt';
import { deliverySettings } from '../delivery/delivery-settings';
import { maxAttempts } from '../delivery/retry-schedule';

export { attemptItem, type AttemptRecord };

/** Attempts stored before they kept their `max_attempts` show the schedule's now. */
const scheduleMax = () => maxAttempts(deliverySettings());

/** A page of attempts, newest first; `next` (the last item's sort key) continues after it. */
export async function listAttempts(endpointId: string, limit = 100, after?: string): Promise<{ items: AttemptRecord[]; next?: string }> {
  return attemptsOfEndpoint(endpointId, { limit, after, maxAttempts: scheduleMax() });
}

/** Most attempts read when looking for one event's (an event's tries all fall within days of it). */
const MAX_SCANNED_FOR_EVENT = 2000;

/**
 * One event's attempts on one endpoint, newest first: the endpoint's attempts from `from` on (they
 * sort by real time; `from` is when the event was recorded, in real time), kept where they are that event's.
 */
export async function attemptsOfEvent(endpointId: string, eventId: string, from: string): Promise<AttemptRecord[]> {
  const out: AttemptRecord[] = [];
  let after: string | undefined;
  for (let scanned = 0; scanned < MAX_SCANNED_FOR_EVENT; ) {
    const page = await attemptsOfEventPage(endpointId, { eventId, from, after, limit: 500, maxAttempts: scheduleMax() });
    out.push(...page.items);
    scanned += page.scanned;
    after = page.next;
    if (!after) break;
  }
  return out.reverse();
}

/** Attempts of one endpoint since a time, by outcome (at most `cap` read: `capped` says the counts are lower bounds). */
export async function attemptCountsSince(
  endpointId: string,
  since: string,
  cap = 10_000,
): Promise<{ counts: Record<AttemptRecord['outcome'], number>; capped: boolean }> {
  const counts: Record<AttemptRecord['outcome'], number> = { succeeded: 0, failed: 0, deferred: 0, given_up: 0, disabled: 0 };
  let read = 0;
  let after: string | undefined;
  do {
    const page = await attemptOutcomesPage(endpointId, { since, after });
    for (const outcome of page.outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
    read += page.outcomes.length;
    after = page.next;
  } while (after && read < cap);
  return { counts, capped: after !== undefined };
}
