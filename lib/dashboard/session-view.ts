import type { DashboardSession } from './session';

/** A session as the JSON face shows it: never the CSRF token (scripts do not need one), never the token's hash. */
export function viewOfSession(session: DashboardSession) {
  return {
    object: 'dashboard_session' as const,
    id: session.id,
    partner_id: session.partner_id,
    email: session.email,
    role: session.role,
    created_at: session.created_at,
    last_used_at: session.last_seen_at,
    ip: session.ip || null,
    idle_expires_at: session.idle_expires_at,
    expires_at: session.expires_at,
    stepped_up_until: session.stepped_up_until ?? null,
  };
}
