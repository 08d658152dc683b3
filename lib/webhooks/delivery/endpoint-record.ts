import { changeEndpoint } from '../../store/entities/webhook-endpoint';
import { equals } from '../../store/expression';
import type { DisabledReason } from '../endpoints';

/**
 * Delivery's own disable (410 Gone, failing for days): only if the endpoint is still enabled, so the
 * owner is e-mailed once and a person's later enable is never undone by a stale lane. Bumps
 * `revision` like every change of the store's record. False if it was no longer enabled.
 */
export async function disableIfEnabled(
  partnerId: string,
  endpointId: string,
  reason: Exclude<DisabledReason, 'manual'>,
  at: string,
): Promise<boolean> {
  const disabled = await changeEndpoint(
    partnerId,
    endpointId,
    { set: { status: 'disabled', disabled_reason: reason, disabled_at: at, updated_at: at } },
    equals('status', 'enabled'),
  );
  return disabled !== undefined;
}
