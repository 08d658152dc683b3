import type { DashboardSession } from './session';

/** A session as the JSON face shows it: never the CSRF token (scripts do not need one). */
export function viewOfSession(session: DashboardSession) {
  return {
    object: 'dashboard_session' as const,
    partner_id: session.partner_id,
    email: session.email,
    created_at: session.created_at,
    idle_expires_at: session.idle_expires_at,
    expires_at: session.expires_at,
  };
}
