import type { z } from 'zod';
import { nowIso } from '../clock';
import { resourceMissing } from '../errors';
import { getStaffMember } from '../store/entities/staff-member';
import { recordAudit, type Actor } from './audit';
import { endEverySessionOf, type DashboardSession } from './session';
import { inviteStaff, type inviteStaffBody, removeStaff } from './staff';
import { requireStepUp } from './step-up';

/** The signed-in person making a change, as the dashboard's chain knows them. */
export interface Acting {
  session: DashboardSession;
  ip: string;
}

export const actorOf = (auth: Acting): Actor => ({ partner_id: auth.session.partner_id, email: auth.session.email, ip: auth.ip });

/** Inviting: an owner's stepped-up session; recorded in the audit log. */
export async function inviteStaffAs(auth: Acting, body: z.output<typeof inviteStaffBody>) {
  requireStepUp(auth.session, 'Changing staff');
  const member = await inviteStaff(auth.session.partner_id, auth.session.email, body);
  await recordAudit(actorOf(auth), 'staff_member.invited', member.id);
  return member;
}

/** Removing: an owner's stepped-up session; their sessions end at once; recorded in the audit log. */
export async function removeStaffAs(auth: Acting, staffId: string) {
  // Another partner's member is missing before anything is asked of the session.
  if (!(await getStaffMember(auth.session.partner_id, staffId))) throw resourceMissing('staff member', staffId);
  requireStepUp(auth.session, 'Changing staff');
  const before = nowIso();
  const member = await removeStaff(auth.session.partner_id, staffId);
  if (member.removed_at && member.removed_at >= before) await recordAudit(actorOf(auth), 'staff_member.removed', member.id);
  return member;
}

/** Every session of the caller ends, this one included. */
export async function signOutEverywhereAs(auth: Acting) {
  await endEverySessionOf(auth.session.partner_id, auth.session.staff_id);
  await recordAudit(actorOf(auth), 'sessions.signed_out_everywhere', auth.session.staff_id);
  return { object: 'sign_out_everywhere' as const, staff_id: auth.session.staff_id, ended_at: nowIso() };
}
