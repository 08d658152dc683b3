import type { Caller } from '../auth/caller';
import type { Actor } from '../audit/record';
import type { SandboxClock } from '../resources/sandbox-clock';
import type { SandboxClockRecord } from '../store/entities/sandbox-clock';
import type { WriteSet } from '../store/write-set';
import { startAdvance } from './advance-clock';
import { advanceDetails } from './dashboard-clock';

/** An API key as the audit log names it: by its id (a key has no address), with the address it came from. */
const actorOfKey = (caller: Caller, ip: string): Actor => ({ partner_id: caller.partner.id, email: caller.key.id, ip, kind: 'api_key' });

/**
 * POST /v1/sandbox/clock/advance by an API key: the advance, with its audit entry in the transaction
 * that starts it, as the dashboard's is (lib/sandbox-clock/dashboard-clock.ts): which key (its id and
 * name, never its secret or hint), from where to where.
 */
export function advanceClockByKey(
  caller: Caller,
  ip: string,
  to: string,
  before: SandboxClockRecord | undefined,
  addAnswer: (ws: WriteSet, clock: SandboxClock) => void,
): Promise<SandboxClock> {
  return startAdvance(caller.scope, to, before, addAnswer, (clock) => [
    {
      actor: actorOfKey(caller, ip),
      action: 'sandbox_clock.advanced',
      target: 'sandbox_clock',
      livemode: false,
      details: { ...advanceDetails(clock), api_key: { id: caller.key.id, name: caller.key.name } },
    },
  ]);
}
