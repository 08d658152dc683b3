import { endpointsCapReached, MAX_ENDPOINTS_PER_MODE } from './partner-caps';
import { modeOf } from '../scope';
import { eventCatalogUrl } from '../resources/event';
import * as z from 'zod';
import { ApiError, closest, resourceMissing } from '../errors';
import { isKnownSelector, SELECTOR_SUGGESTIONS } from '../webhooks/delivery/endpoint-wants-event';
import { sendEmail } from '../email/send-email';
import { checkWebhookUrl, MAX_URL_LENGTH } from '../webhooks/url-safety';
import {
  confirmRoll,
  rollSecret,
  viewOfEndpoint,
  webhookEndpoints,
  type WebhookEndpoint,
  type WebhookEndpointView,
} from '../webhooks/endpoints';
import { healthOf, type EndpointHealth } from '../webhooks/operations/endpoint-health';
import type { DashboardSession } from './session';
import { idParam } from '../input/id-param';
import { refuseRepeats } from '../input/unique-items';
import { oneTimeCodeField } from '../input/one-time-code';

/** The dashboard's side of webhook endpoints (spec Webhooks 9): create, read, disable/enable, roll. */

export const MAX_ENABLED_EVENTS = 100;

/**
 * One entry of `enabled_events`: an event type the service emits, `*`, or `<prefix>.*`. Accepted
 * exactly when delivery's predicate (lib/webhooks/delivery/endpoint-wants-event.ts) lets it take some
 * emitted type, so a typo is refused instead of making an endpoint that never receives anything; the
 * fix names the closest accepted entry.
 */
const eventSelector = z
  .string()
  .max(100)
  .superRefine((value, ctx) => {
    if (isKnownSelector(value)) return;
    const near = closest(value, SELECTOR_SUGGESTIONS);
    ctx.addIssue({
      code: 'custom',
      message: `'${value}' selects no event type the service emits.`,
      params: {
        validation_type: 'enum',
        how_to_fix: `Send an event type such as "${near}" (the closest to '${value}'), "*" for every type, or a prefix such as "company.*"; every type is listed at ${eventCatalogUrl()}.`,
      },
    });
  });

const enabledEvents = z
  .array(eventSelector)
  .max(MAX_ENABLED_EVENTS)
  .superRefine((s, ctx) => refuseRepeats(s, ctx, 'enabled_events', 'event type'));

const description = z
  .string()
  .max(500)
  .meta({ examples: ['Orders for the CRM'] });

export const createEndpointBody = z.strictObject({
  url: z.string().min(1).max(MAX_URL_LENGTH),
  livemode: z.boolean(),
  enabled_events: enabledEvents.optional(),
  description: description.optional(),
});

/** PATCH: any of the three; what is absent stays as it is. */
export const updateEndpointBody = z.strictObject({
  url: z.string().min(1).max(MAX_URL_LENGTH).optional(),
  enabled_events: enabledEvents.optional(),
  description: description.optional(),
});

export const endpointParams = z.strictObject({ id: idParam('webhookEndpoint', 'webhook endpoint') });
export const confirmRollBody = z.strictObject({
  code: oneTimeCodeField(),
  /** After a leak: the previous secret and v1a key stop signing at once instead of after the overlap. */
  retire_previous: z.boolean().optional(),
});

/** A URL deliveries may go to (lib/webhooks/url-safety.ts), normalised; on creation and on every change alike. */
async function checkedUrl(url: string, mode: 'live' | 'test'): Promise<string> {
  const verdict = await checkWebhookUrl(url, mode);
  if (!verdict.ok)
    throw new ApiError('invalid_request', verdict.reason, [
      { reason: verdict.reason, location: '$.url', validation_type: 'format', how_to_fix: verdict.how_to_fix },
    ]);
  return verdict.url.href;
}

export async function createWebhookEndpoint(partnerId: string, body: z.output<typeof createEndpointBody>) {
  const mode = modeOf(body.livemode);
  const url = await checkedUrl(body.url, mode);
  const held = (await webhookEndpoints.listOfPartner(partnerId)).filter((e) => e.mode === mode);
  if (held.length >= MAX_ENDPOINTS_PER_MODE) throw endpointsCapReached(mode);
  const { endpoint, secret } = await webhookEndpoints.create({
    partnerId,
    mode,
    url,
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

/** The endpoint as the dashboard shows it: never a secret, with its delivery health. */
export type EndpointWithHealth = WebhookEndpointView & { health: EndpointHealth };

const withHealth = async (endpoint: WebhookEndpoint): Promise<EndpointWithHealth> => ({
  ...viewOfEndpoint(endpoint),
  health: await healthOf(endpoint),
});

export async function listWebhookEndpoints(partnerId: string): Promise<EndpointWithHealth[]> {
  return Promise.all((await webhookEndpoints.listOfPartner(partnerId)).map(withHealth));
}

export async function readWebhookEndpoint(partnerId: string, id: string): Promise<EndpointWithHealth> {
  const endpoint = await webhookEndpoints.get(partnerId, id);
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return withHealth(endpoint);
}

/**
 * PATCH: a new URL is checked as on creation (in the endpoint's mode); the endpoint must be the
 * caller's (another partner's is missing before the body is looked at). Queued deliveries go to the
 * new URL and follow the new filter from their next attempt on.
 */
export async function updateWebhookEndpoint(partnerId: string, id: string, body: z.output<typeof updateEndpointBody>) {
  const current = await webhookEndpoints.get(partnerId, id);
  if (!current) throw resourceMissing('webhook endpoint', id);
  const url = body.url === undefined ? undefined : await checkedUrl(body.url, current.mode);
  const endpoint = await webhookEndpoints.update(partnerId, id, {
    url,
    enabledEvents: body.enabled_events,
    description: body.description?.trim(),
  });
  if (!endpoint) throw resourceMissing('webhook endpoint', id);
  return viewOfEndpoint(endpoint);
}

/**
 * DELETE: the endpoint and its delivery cursor go; deliveries still queued for it are cancelled as
 * the lane meets them (it finds no endpoint). Events stay in GET /events; attempts expire on their own.
 */
export async function deleteWebhookEndpoint(partnerId: string, id: string) {
  if (!(await webhookEndpoints.remove(partnerId, id))) throw resourceMissing('webhook endpoint', id);
  return { object: 'webhook_endpoint' as const, id, deleted: true as const };
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
export async function requestSecretRoll(session: DashboardSession, id: string, options: { endpointKnown?: boolean } = {}) {
  const { expires_at } = await rollSecret(session.partner_id, id, options).then(async (roll) => {
    await sendEmail({
      to: session.email,
      subject: 'Confirm rolling a webhook secret',
      text: `Your code to roll the signing secret of webhook endpoint ${id} is ${roll.code}. It works once, for 10 minutes.\n\nThe current secret keeps signing for 24 hours after the roll. If you did not ask for this, ignore this message.`,
    });
    return roll;
  });
  return { object: 'webhook_secret_roll' as const, webhook_endpoint: id, email: session.email, expires_at };
}

/**
 * Replacing the endpoint's ed25519 key (POST …/signing-key/replace): the endpoint with its new
 * `public_key`, and `previous_public_key` with `previous_public_key_expires_at`, the replaced key that
 * keeps signing v1a beside the new one until then (24 hours).
 */
export async function replaceSigningKey(partnerId: string, id: string) {
  const endpoint = await webhookEndpoints.replaceSigningKey(partnerId, id);
  const previous = endpoint.previous_signing_keys?.[0];
  return {
    ...viewOfEndpoint(endpoint),
    previous_public_key: previous?.public_key ?? null,
    previous_public_key_expires_at: previous?.expires_at ?? null,
  };
}

/**
 * Confirming a roll: an endpoint that is not the caller's is `resource_missing` before the code is
 * read at all (not even its shape), as on every route that names an object; then the code decides.
 * `code` reads and validates the code from the request.
 */
export async function confirmSecretRoll(partnerId: string, id: string, input: () => z.output<typeof confirmRollBody>) {
  if (!(await webhookEndpoints.get(partnerId, id))) throw resourceMissing('webhook endpoint', id);
  const { code, retire_previous } = input();
  const { endpoint, secret } = await confirmRoll(partnerId, id, code, { retirePrevious: retire_previous });
  const previous = endpoint.secrets[1];
  return { ...viewOfEndpoint(endpoint), secret, previous_secret_expires_at: previous?.expires_at ?? null };
}
