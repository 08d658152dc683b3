import type { SandboxClock } from '../resources/sandbox-clock';
import { readSandboxClock } from '../store/entities/sandbox-clock';
import { renderSandboxClock } from './render-clock';
import { startAdvance } from './advance-clock';
import { actorOf, type Acting } from '../dashboard/staff-changes';

/** The test mode of a partner: the dashboard acts on its partner's sandbox. */
const testScope = (partnerId: string) => ({ partnerId, mode: 'test' as const });

/** The test clock as the dashboard shows it: the API's object, and where a running advance began (its progress). */
export async function dashboardClockView(partnerId: string): Promise<{ clock: SandboxClock; advancingFrom?: string }> {
  const record = await readSandboxClock(testScope(partnerId));
  return { clock: renderSandboxClock(record), advancingFrom: record?.status === 'advancing' ? record.advance_from : undefined };
}

/** What an advance's audit entry says: from where to where. */
const advanceDetails = (clock: SandboxClock) => ({ before: { now: clock.now }, after: { now: clock.advancing_to ?? clock.now } });

/**
 * The dashboard's advance by a signed-in person (its form and its JSON face): the API's own, for the
 * signed-in partner's test mode, recorded in the audit log in the transaction that starts it. A
 * form's `datetime-local` value has no zone: it is read as UTC, as the page says.
 */
export async function advanceClockAs(auth: Acting, to: string): Promise<SandboxClock> {
  const scope = testScope(auth.session.partner_id);
  const target = /(Z|[+-]\d\d:\d\d)$/i.test(to) ? to : `${to.length === 16 ? `${to}:00` : to}Z`;
  return startAdvance(
    scope,
    target,
    await readSandboxClock(scope),
    () => undefined,
    (clock) => [
      { actor: actorOf(auth), action: 'sandbox_clock.advanced', target: 'sandbox_clock', livemode: false, details: advanceDetails(clock) },
    ],
  );
}
