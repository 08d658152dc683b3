/**
 * Every act the audit log records (lib/audit/record.ts): changes to keys, endpoints, settings and
 * staff, signing in, stepping up, and the acts on endpoints and the sandbox clock that are no change of
 * their own but matter to a partner's security team (a secret roll asked for, a test, a resend).
 */
export const AUDIT_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.disabled',
  'webhook_endpoint.enabled',
  'webhook_endpoint.secret_roll_requested',
  'webhook_endpoint.secret_rolled',
  'webhook_endpoint.secret_rolled_previous_retired',
  'webhook_endpoint.secret_retired',
  'webhook_endpoint.signing_key_rotated',
  'webhook_endpoint.recovered',
  'webhook_endpoint.tested',
  'webhook_endpoint.resent',
  'webhook_endpoint.retried',
  'settings.updated',
  'staff_member.invited',
  'staff_member.removed',
  'staff_member.lockout_cleared',
  'sessions.signed_out_everywhere',
  'session.signed_in',
  'session.sign_in_failed',
  'session.locked_out',
  'session.stepped_up',
  'session.step_up_failed',
  'sandbox_clock.advanced',
  'operator.acted',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
