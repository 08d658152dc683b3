import { ApiError } from '../errors';
import type { Mode } from '../scope';

/**
 * What one partner may hold, per mode (docs/guide/security.md): each bounds what a stolen session or a
 * runaway script can cost everyone. Checked before a creation: parallel creations may pass a cap by
 * the number in flight, never by more.
 * - API keys that still work (neither revoked nor expired): rate limits are per key, so this also
 *   bounds a partner's throughput (100 × the key's limit).
 * - Webhook endpoints, enabled or disabled: every event is matched against each.
 * A recover's own bounds (per endpoint, per endpoint URL and per partner's hour) are the recover's (lib/webhooks/operations/recover-events.ts).
 * And per partner, both modes: its current staff (removed members do not count), checked when an
 * owner invites someone (a new partner's first owner is added by the operator, never past it).
 */
export const MAX_ACTIVE_KEYS_PER_MODE = 100;
export const MAX_ENDPOINTS_PER_MODE = 50;
export const MAX_STAFF_PER_PARTNER = 100;

export function keysCapReached(mode: Mode): ApiError {
  return new ApiError('invalid_request', `This partner holds ${MAX_ACTIVE_KEYS_PER_MODE} working ${mode}-mode API keys, the most it may.`, [
    {
      reason: `at most ${MAX_ACTIVE_KEYS_PER_MODE} working keys per mode`,
      location: '$.livemode',
      validation_type: 'maxItems',
      how_to_fix: 'Revoke a key no longer in use (POST /dashboard/api/keys/{keyID}/revoke), then create this one.',
    },
  ]);
}

export function endpointsCapReached(mode: Mode): ApiError {
  return new ApiError('invalid_request', `This partner holds ${MAX_ENDPOINTS_PER_MODE} ${mode}-mode webhook endpoints, the most it may.`, [
    {
      reason: `at most ${MAX_ENDPOINTS_PER_MODE} endpoints per mode`,
      location: '$.livemode',
      validation_type: 'maxItems',
      how_to_fix:
        'Delete an endpoint no longer in use (DELETE /dashboard/api/webhook-endpoints/{id}), or send several event types to one endpoint with enabled_events.',
    },
  ]);
}

export function staffCapReached(): ApiError {
  return new ApiError('invalid_request', `This partner has ${MAX_STAFF_PER_PARTNER} staff members, the most it may.`, [
    {
      reason: `at most ${MAX_STAFF_PER_PARTNER} staff members per partner`,
      location: '$.email',
      validation_type: 'maxItems',
      how_to_fix:
        'Remove someone who no longer needs the dashboard (POST /dashboard/api/staff/{staffID}/remove), then invite this address.',
    },
  ]);
}
