import type { z } from 'zod';
import { nowIso } from '../clock';
import { ApiError, resourceMissing } from '../errors';
import { getStaffMember } from '../store/entities/staff-member';
import { commitAudited, recordAudit, type Actor } from './audit';
import { clearSignInLimit } from '../store/entities/sign-in';
import { statusOfMember, viewOfStaffMember } from './staff';
import { endEverySessionOf, type DashboardSession } from './session';
import { inviteStaff, type inviteStaffBody, removeStaff } from './staff';
import { requireStepUp } from './step-up';

/** The signed-in person making a change, as the dashboard's chain knows them. */
export interface Acting {
  session: DashboardSession;
  ip: string;
}

export const actorOf = (auth: Acting): Actor => ({ partner_id: auth.session.partner_id, email: auth.session.email, ip: auth.ip });

/** Inviting: an owner's stepped-up session; recorded in the audit log, in the invitation's transaction. */
export async function inviteStaffAs(auth: Acting, body: z.output<typeof inviteStaffBody>) {
  requireStepUp(auth.session, 'Changing staff');
  return inviteStaff(auth.session.partner_id, auth.session.email, body, (member) => [
    {
      actor: actorOf(auth),
      action: 'staff_member.invited',
      target: member.id,
      details: { after: { email: member.email, role: member.role, status: member.status } },
    },
  ]);
}

/**
 * Acts an owner takes on another member only (docs/decisions.md, "Staff and sessions"): removing
 * oneself would end one's own session by a slip, and clearing one's own lockout helps no one signed in
 * but whoever is guessing codes for the address. Another owner does either.
 */
function refuseOnYourself(auth: Acting, staffId: string, act: { words: string; route: 'remove' | 'clear-lockout' }): void {
  if (staffId !== auth.session.staff_id) return;
  throw new ApiError('invalid_request', `You cannot ${act.words} yourself: another owner does that.`, [
    {
      reason: 'is the signed-in member',
      location: 'staffID',
      validation_type: 'custom',
      how_to_fix: `Name another member's id, or ask another owner to send POST /dashboard/api/staff/${staffId}/${act.route} from their session.`,
    },
  ]);
}

/** Removing: an owner's stepped-up session; their sessions end at once; recorded in the audit log, in the removal's transaction. */
export async function removeStaffAs(auth: Acting, staffId: string) {
  // Another partner's member is missing before anything is asked of the session.
  if (!(await getStaffMember(auth.session.partner_id, staffId))) throw resourceMissing('staff member', staffId);
  refuseOnYourself(auth, staffId, { words: 'remove', route: 'remove' });
  requireStepUp(auth.session, 'Changing staff');
  return removeStaff(auth.session.partner_id, staffId, (was, member) => [
    {
      actor: actorOf(auth),
      action: 'staff_member.removed',
      target: member.id,
      details: { before: { email: member.email, role: member.role, status: statusOfMember(was) }, after: { status: 'removed' } },
    },
  ]);
}

/**
 * POST /dashboard/api/staff/{staffID}/clear-lockout (owner, stepped up): the way back in for a member
 * whose address is locked out of sign-in: the address's day of codes, wrong entries and
 * lockouts starts afresh, in the transaction of its audit entry. The answer is the member, whether or
 * not the address was locked, and the entry names only the address: whether it was locked may come of
 * its sign-ins to another partner's dashboard, which this partner must not learn.
 */
export async function clearLockoutAs(auth: Acting, staffId: string) {
  const member = await getStaffMember(auth.session.partner_id, staffId);
  if (!member || statusOfMember(member) === 'removed') throw resourceMissing('staff member', staffId);
  refuseOnYourself(auth, staffId, { words: 'clear the sign-in lockout of', route: 'clear-lockout' });
  requireStepUp(auth.session, 'Clearing a sign-in lockout');
  return commitAudited({ partnerId: auth.session.partner_id, mode: 'live' }, (ws) => {
    clearSignInLimit(ws, member.email);
    return {
      value: viewOfStaffMember(member),
      acts: [{ actor: actorOf(auth), action: 'staff_member.lockout_cleared', target: member.id, details: { email: member.email } }],
    };
  });
}

/** Every session of the caller ends, this one included. */
export async function signOutEverywhereAs(auth: Acting) {
  await endEverySessionOf(auth.session.partner_id, auth.session.staff_id);
  await recordAudit(actorOf(auth), 'sessions.signed_out_everywhere', auth.session.staff_id);
  return { object: 'sign_out_everywhere' as const, staff_id: auth.session.staff_id, ended_at: nowIso() };
}
