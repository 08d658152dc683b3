import type { z } from 'zod';
import { resourceMissing } from '../errors';
import { type WebhookEndpoint, webhookEndpoints } from '../webhooks/endpoints';
import { recoverEvents } from '../webhooks/operations/recover-events';
import { createKey, type CreateKeyBody, keyOfPartner, revokeKey } from './api-keys';
import { type AuditAction, recordAudit } from './audit';
import { updateSettings, type updateSettingsBody } from './settings';
import { actorOf, type Acting } from './staff-changes';
import { requireStepUp } from './step-up';
import { ownerOnly } from './roles';
import {
  confirmSecretRoll,
  createWebhookEndpoint,
  type createEndpointBody,
  deleteWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  replaceSigningKey,
  updateWebhookEndpoint,
  type updateEndpointBody,
} from './webhook-endpoints';

/**
 * The dashboard's changes to keys, endpoints and settings as a signed-in person makes them: the
 * step-up the sensitive ones need (a live key created or revoked; a live endpoint created, re-pointed,
 * disabled, deleted, narrowed or recovered; versions), then
 * the change, then its line in the audit log (lib/dashboard/audit.ts). Both faces (JSON and pages)
 * call these, so no route can make a change without its check and its record.
 */

export async function createKeyAs(auth: Acting, body: CreateKeyBody) {
  if (body.livemode) requireStepUp(auth.session, 'Creating a live key');
  return createKey(actorOf(auth), body);
}

export async function revokeKeyAs(auth: Acting, keyId: string) {
  // Another partner's key is missing before anything is asked of the session; revoking twice is harmless.
  const current = await keyOfPartner(auth.session.partner_id, keyId);
  if (current.mode === 'live' && !current.revoked_at) requireStepUp(auth.session, 'Revoking a live key');
  return revokeKey(actorOf(auth), keyId);
}

export async function updateSettingsAs(auth: Acting, body: z.output<typeof updateSettingsBody>) {
  const changes = body.api_version !== undefined || body.webhook_version !== undefined;
  if (changes) requireStepUp(auth.session, 'Changing versions');
  return updateSettings(actorOf(auth), body);
}

/** What an endpoint's audit entry shows of it (never its secret or private key). */
function endpointDetails(e: WebhookEndpoint) {
  return {
    url: e.url,
    status: e.status,
    disabled_reason: e.status === 'disabled' ? (e.disabled_reason ?? 'manual') : null,
    enabled_events: e.enabled_events,
    description: e.description ?? null,
  };
}

/** Of two endpoint details, the fields that differ, before and after. */
function changed(before: ReturnType<typeof endpointDetails>, after: ReturnType<typeof endpointDetails>) {
  const keys = (Object.keys(after) as (keyof typeof after)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) };
}

export async function createWebhookEndpointAs(auth: Acting, body: z.output<typeof createEndpointBody>) {
  if (body.livemode) requireStepUp(auth.session, 'Creating a live webhook endpoint');
  const created = await createWebhookEndpoint(auth.session.partner_id, body);
  const stored = await webhookEndpoints.get(auth.session.partner_id, created.id);
  await recordAudit(actorOf(auth), 'webhook_endpoint.created', created.id, {
    livemode: created.livemode,
    details: { after: stored ? endpointDetails(stored) : { url: created.url } },
  });
  return created;
}

/** Re-pointing a live endpoint (a new `url`) needs a step-up; another partner's endpoint is missing before that is asked. */
export async function updateWebhookEndpointAs(auth: Acting, id: string, body: z.output<typeof updateEndpointBody>) {
  if (body.url !== undefined || body.enabled_events !== undefined) {
    const current = await liveEndpoint(auth, id);
    if (current && body.url !== undefined) requireStepUp(auth.session, 'Re-pointing a live webhook endpoint');
    if (current && body.enabled_events !== undefined && narrows(current.enabled_events, body.enabled_events))
      requireStepUp(auth.session, 'Narrowing the events of a live webhook endpoint');
  }
  const before = await webhookEndpoints.get(auth.session.partner_id, id);
  const updated = await updateWebhookEndpoint(auth.session.partner_id, id, body);
  const after = await webhookEndpoints.get(auth.session.partner_id, id);
  await recordAudit(actorOf(auth), 'webhook_endpoint.updated', id, {
    livemode: updated.livemode,
    details: before && after ? changed(endpointDetails(before), endpointDetails(after)) : {},
  });
  return updated;
}

/** The partner's endpoint if it is live, undefined if it is a test one; another partner's is missing. */
async function liveEndpoint(auth: Acting, id: string) {
  const current = await webhookEndpoints.get(auth.session.partner_id, id);
  if (!current) throw resourceMissing('webhook endpoint', id);
  return current.mode === 'live' ? current : undefined;
}

/** Whether `next` lets through fewer event types than `before` (an empty list is every type; `a.*` covers `a.b`). */
export function narrows(before: readonly string[], next: readonly string[]): boolean {
  if (next.length === 0 || next.includes('*')) return false;
  if (before.length === 0) return true;
  const covers = (n: string, b: string) => n === b || (n.endsWith('.*') && b.startsWith(n.slice(0, -1)));
  return before.some((b) => !next.some((n) => covers(n, b)));
}

/** A destructive act on a live endpoint needs a stepped-up session (lib/dashboard/step-up.ts). */
async function stepUpIfLive(auth: Acting, id: string, what: string): Promise<void> {
  if (await liveEndpoint(auth, id)) requireStepUp(auth.session, what);
}

/** One change to an endpoint, then its audit entry (only once the change is made); `destructive`: its step-up on a live one. */
async function auditedEndpointChange<T>(
  auth: Acting,
  action: AuditAction,
  id: string,
  change: () => Promise<T>,
  destructive?: string,
): Promise<T> {
  if (destructive) await stepUpIfLive(auth, id, destructive);
  const before = await webhookEndpoints.get(auth.session.partner_id, id);
  const done = await change();
  const after = await webhookEndpoints.get(auth.session.partner_id, id);
  const details =
    before && after ? changed(endpointDetails(before), endpointDetails(after)) : before ? { before: endpointDetails(before) } : {};
  await recordAudit(actorOf(auth), action, id, { livemode: before ? before.mode === 'live' : null, details });
  return done;
}

export const deleteWebhookEndpointAs = (auth: Acting, id: string) =>
  auditedEndpointChange(
    auth,
    'webhook_endpoint.deleted',
    id,
    () => deleteWebhookEndpoint(auth.session.partner_id, id),
    'Deleting a live webhook endpoint',
  );

export const disableWebhookEndpointAs = (auth: Acting, id: string) =>
  auditedEndpointChange(
    auth,
    'webhook_endpoint.disabled',
    id,
    () => disableWebhookEndpoint(auth.session.partner_id, id),
    'Disabling a live webhook endpoint',
  );

export const enableWebhookEndpointAs = (auth: Acting, id: string) =>
  auditedEndpointChange(auth, 'webhook_endpoint.enabled', id, () => enableWebhookEndpoint(auth.session.partner_id, id));

export async function confirmSecretRollAs(auth: Acting, id: string, input: Parameters<typeof confirmSecretRoll>[2]) {
  const rolled = await confirmSecretRoll(auth.session.partner_id, id, input);
  const endpoint = await webhookEndpoints.get(auth.session.partner_id, id);
  await recordAudit(
    actorOf(auth),
    rolled.previous_secret_expires_at === null ? 'webhook_endpoint.secret_rolled_previous_retired' : 'webhook_endpoint.secret_rolled',
    id,
    // The secrets themselves never: when the one replaced stops signing.
    { livemode: endpoint ? endpoint.mode === 'live' : null, details: { previous_secret_expires_at: rolled.previous_secret_expires_at } },
  );
  return rolled;
}

/**
 * Replacing an endpoint's v1a key is an owner's act, with a fresh code (step-up), in either mode: a
 * receiver pinned to the public key must move to the new one within the 24 hours both keys sign.
 */
export async function replaceSigningKeyAs(auth: Acting, id: string) {
  // Another partner's endpoint is missing before anything else is asked, as on every route naming one.
  if (!(await webhookEndpoints.get(auth.session.partner_id, id))) throw resourceMissing('webhook endpoint', id);
  if (auth.session.role !== 'owner') throw ownerOnly(auth.session.role, 'Replacing a webhook signing key');
  requireStepUp(auth.session, 'Replacing a webhook signing key');
  const replaced = await replaceSigningKey(auth.session.partner_id, id);
  await recordAudit(actorOf(auth), 'webhook_endpoint.signing_key_rotated', id, {
    livemode: replaced.livemode,
    details: { public_key: { before: replaced.previous_public_key, after: replaced.public_key } },
  });
  return replaced;
}

/** A recover and its audit entry (the events it queues) in the transaction that takes its turn. */
export async function recoverEventsAs(auth: Acting, id: string, since: string) {
  await stepUpIfLive(auth, id, 'Recovering a live webhook endpoint');
  return recoverEvents(auth.session.partner_id, id, since, (events, livemode) => [
    { actor: actorOf(auth), action: 'webhook_endpoint.recovered', target: id, livemode, details: { since, events } },
  ]);
}
