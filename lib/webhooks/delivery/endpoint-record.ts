import { changeEndpoint } from '../../store/entities/webhook-endpoint';
import { anyOf, atMost, attributeNotExists, equals } from '../../store/expression';
import { getEndpoint, listEndpointsOfPartner, type DisabledReason, type WebhookEndpoint } from '../endpoints';

/** A webhook endpoint as the dashboard's store keeps it (lib/webhooks/endpoints); delivery reads it. */
export type EndpointRecord = WebhookEndpoint & {
  /** When it was last enabled, if recorded: where a paused lane starts again. */
  enabled_at?: string;
};

export const readEndpoint = (partnerId: string, endpointId: string): Promise<EndpointRecord | undefined> =>
  getEndpoint(partnerId, endpointId);

export const readEndpointsOfPartner = (partnerId: string): Promise<EndpointRecord[]> => listEndpointsOfPartner(partnerId);

/**
 * A recover's turn: `last_recovered_at` set to `atMs` only if the last recover is at least
 * `intervalMs` old (or there was none). False when it is too soon.
 */
export async function claimRecover(partnerId: string, endpointId: string, atMs: number, intervalMs: number): Promise<boolean> {
  const at = new Date(atMs).toISOString();
  const changed = await changeEndpoint(
    partnerId,
    endpointId,
    { set: { last_recovered_at: at } },
    anyOf(attributeNotExists('last_recovered_at'), atMost('last_recovered_at', new Date(atMs - intervalMs).toISOString())),
  );
  return changed !== undefined;
}

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
