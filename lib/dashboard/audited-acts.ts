import { endpointById } from '../webhooks/endpoints';
import { resendEvent } from '../webhooks/operations/resend-event';
import { retryNow } from '../webhooks/operations/retry-now';
import { sendTestEvent } from '../webhooks/operations/send-test-event';
import { recordAudit } from './audit';
import { actorOf, type Acting } from './staff-changes';
import { requestSecretRoll } from './webhook-endpoints';

/**
 * The dashboard's acts on endpoints and the test clock that change no setting of the partner's but
 * matter to its security team: a secret roll asked for, a test event, a resend, a retry (a clock
 * advance: lib/sandbox-clock/dashboard-clock.ts). Each is recorded in the audit log once it is done (an entry of its own: the act's writes
 * are the event log's and the lanes', lib/webhooks/operations/); both faces call these.
 */

/** The endpoint's mode, for the entry (the act has just found the endpoint, so it exists). */
async function livemodeOf(auth: Acting, id: string): Promise<boolean | null> {
  // The delivery's own record of the endpoint: its mode, without unsealing any secret.
  const endpoint = await endpointById(auth.session.partner_id, id);
  return endpoint ? endpoint.mode === 'live' : null;
}

export async function requestSecretRollAs(auth: Acting, id: string, options: { endpointKnown?: boolean } = {}) {
  const roll = await requestSecretRoll(auth.session, id, options);
  await recordAudit(actorOf(auth), 'webhook_endpoint.secret_roll_requested', id, {
    livemode: await livemodeOf(auth, id),
    details: { code_sent_to: roll.email, code_expires_at: roll.expires_at },
  });
  return roll;
}

export async function sendTestEventAs(auth: Acting, id: string) {
  const event = await sendTestEvent(auth.session.partner_id, id);
  await recordAudit(actorOf(auth), 'webhook_endpoint.tested', id, { livemode: event.livemode, details: { event_id: event.id } });
  return event;
}

export async function resendEventAs(auth: Acting, id: string, eventId: string) {
  const resent = await resendEvent(auth.session.partner_id, id, eventId);
  await recordAudit(actorOf(auth), 'webhook_endpoint.resent', id, { livemode: await livemodeOf(auth, id), details: { event_id: eventId } });
  return resent;
}

export async function retryNowAs(auth: Acting, id: string) {
  const retried = await retryNow(auth.session.partner_id, id);
  await recordAudit(actorOf(auth), 'webhook_endpoint.retried', id, {
    livemode: await livemodeOf(auth, id),
    details: { event_id: retried.event_id },
  });
  return retried;
}
