import * as z from 'zod';
import { ApiError, resourceMissing } from '../errors';
import { idPattern } from '../ids';
import { sendEmail } from '../email/send-email';
import { checkWebhookUrl, MAX_URL_LENGTH } from '../webhooks/url-safety';
import { viewOfEndpoint, webhookEndpoints } from '../webhooks/endpoints';
import type { DashboardSession } from './session';

/** The dashboard's side of webhook endpoints (spec Webhooks 9): create, read, disable/enable, roll. */

/** Event types are checked for shape only (`company.status.changed`); an unknown type simply never arrives. */
const EVENT_TYPE = /^[a-z_]+(\.[a-z_]+)+$/;
export const MAX_ENABLED_EVENTS = 100;

export const createEndpointBody = z.strictObject({
  url: z.string().min(1).max(MAX_URL_LENGTH),
  livemode: z.boolean(),
  enabled_events: z
    .array(z.string().regex(EVENT_TYPE, { message: 'Not an event type name (such as company.status.changed).' }))
    .max(MAX_ENABLED_EVENTS)
    .superRefine((s, ctx) => {
      if (new Set(s).size !== s.length)
        ctx.addIssue({
          code: 'custom',
          message: 'Event types repeat.',
          params: {
            validation_type: 'uniqueItems',
            how_to_fix: `Name each event type once, such as "enabled_events": ${JSON.stringify([...new Set(s)])}.`,
          },
        });
    })
    .optional(),
  description: z.string().max(500).optional(),
});

export const endpointParams = z.strictObject({ id: z.string().regex(idPattern('webhookEndpoint')) });
export const confirmRollBody = z.strictObject({
  code: z.string().regex(/^\d{6}$/, { message: 'Not a six-digit code: send the six digits from the e-mail.' }),
});

export async function createWebhookEndpoint(partnerId: string, body: z.output<typeof createEndpointBody>) {
  const mode = body.livemode ? 'live' : 'test';
  const verdict = await checkWebhookUrl(body.url, mode);
  if (!verdict.ok)
    throw new ApiError('invalid_request', verdict.reason, [
      { reason: verdict.reason, location: '$.url', validation_type: 'format', how_to_fix: verdict.how_to_fix },
    ]);
  const { endpoint, secret } = await webhookEndpoints.create({
    partnerId,
    mode,
    url: verdict.url.href,
    enabledEvents: body.enabled_events,
    description: body.description?.trim(),
  });
  const view = viewOfEndpoint(endpoint);
  return {
    object: view.object,
    id: view.id,
    url: view.url,
    livemode: view.livemode,
    status: view.status,
    enabled_events: view.enabled_events,
    description: view.description,
    secret,
    public_key: view.public_key,
    created_at: view.created_at,
  };
}

export async function listWebhookEndpoints(partnerId: string) {
  return (await webhookEndpoints.listOfPartner(partnerId)).map(viewOfEndpoint);
}

export async function readWebhookEndpoint(partnerId: string, id: string) {
  const endpoint = await webhookEndpoints.get(partnerId, id);
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return viewOfEndpoint(endpoint);
}

export async function disableWebhookEndpoint(partnerId: string, id: string) {
  const endpoint = await webhookEndpoints.disable(partnerId, id, 'manual');
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return viewOfEndpoint(endpoint);
}

export async function enableWebhookEndpoint(partnerId: string, id: string) {
  const endpoint = await webhookEndpoints.enable(partnerId, id);
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return viewOfEndpoint(endpoint);
}

/** The code goes to the signed-in person, so a stolen session alone cannot read a new secret. */
export async function requestSecretRoll(session: DashboardSession, id: string) {
  const { expires_at } = await webhookEndpoints.rollSecret(session.partner_id, id).then(async (roll) => {
    await sendEmail({
      to: session.email,
      subject: `Confirm rolling a webhook secret: ${roll.code}`,
      text: `Your code to roll the signing secret of webhook endpoint ${id} is ${roll.code}. It works once, for 10 minutes.\n\nThe current secret keeps signing for 24 hours after the roll. If you did not ask for this, ignore this message.`,
    });
    return roll;
  });
  return { object: 'webhook_secret_roll' as const, webhook_endpoint: id, email: session.email, expires_at };
}

/**
 * Confirming a roll: an endpoint that is not the caller's is `resource_missing` before the code is
 * read at all (not even its shape), as on every route that names an object; then the code decides.
 * `code` reads and validates the code from the request.
 */
export async function confirmSecretRoll(partnerId: string, id: string, code: () => string) {
  if (!(await webhookEndpoints.get(partnerId, id))) throw resourceMissing('webhook endpoint', id);
  const { endpoint, secret } = await webhookEndpoints.confirmRoll(partnerId, id, code());
  const previous = endpoint.secrets[1];
  return { ...viewOfEndpoint(endpoint), secret, previous_secret_expires_at: previous?.expires_at ?? null };
}
