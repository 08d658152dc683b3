import * as z from 'zod';
import { ApiError, resourceMissing } from '../errors';
import { newId } from '../ids';
import { nowIso } from '../clock';
import { config } from '../config';
import { sendEmail } from '../email/send-email';
import { idParam } from '../input/id-param';
import { deleteSessionsOfMember } from '../store/entities/dashboard-session';
import {
  addInvitedRole,
  addNewStaffMember,
  addStaffRemoval,
  getStaffLookup,
  getStaffMember,
  putStaffMember,
  type StaffMemberRecord,
  staffLookupsOf,
  staffOfPartner,
} from '../store/entities/staff-member';
import { getPartner } from '../partners/partner';
import { type AuditAct, ChangedMeanwhile, commitAudited } from '../audit/record';
import { STAFF_ROLES, type StaffRole } from './roles';
import { MAX_STAFF_PER_PARTNER, staffCapReached } from './partner-caps';

/** A person who may sign in to one partner's dashboard, with a role (lib/dashboard/roles.ts). */
export type StaffMember = StaffMemberRecord;

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const inviteStaffBody = z.strictObject({
  email: z
    .email()
    .max(254)
    .meta({ examples: ['dana@partner.example'] }),
  role: z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]]).meta({ examples: ['developer'] }),
});

export const staffParams = z.strictObject({ staffID: idParam('staffMember', 'staff member') });

/** `invited` until the person signs in to this partner's dashboard, then `active`; `removed` once removed. */
export function statusOfMember(member: StaffMember): 'invited' | 'active' | 'removed' {
  if (member.removed_at) return 'removed';
  return member.status === 'invited' ? 'invited' : 'active';
}

/** `{object: "staff_member", id, email, role, status, created_at}`, and `removed_at` once removed. */
export function viewOfStaffMember(member: StaffMember) {
  return {
    object: 'staff_member' as const,
    id: member.id,
    email: member.email,
    role: member.role,
    status: statusOfMember(member),
    created_at: member.created_at,
    ...(member.removed_at ? { removed_at: member.removed_at } : {}),
  };
}

/**
 * Makes `email` active staff of the partner with `role` (an owner by default: how a new partner gets
 * its first person, from the operator, who needs no acceptance). Idempotent for an address that is
 * already this partner's staff; another partner's memberships of the address play no part.
 */
export async function addStaffMember(
  partnerId: string,
  email: string,
  role: StaffRole = 'owner',
  invitedBy?: string,
): Promise<StaffMember> {
  const address = normaliseEmail(email);
  const existing = await memberOfPartner(partnerId, address);
  if (existing) return existing;
  const member: StaffMember = {
    id: newId('staffMember'),
    partner_id: partnerId,
    email: address,
    role,
    status: 'active',
    created_at: nowIso(),
    ...(invitedBy ? { invited_by: invitedBy } : {}),
  };
  await putStaffMember(member);
  return member;
}

/** The address's current membership of this partner (invited or active; none once removed). */
export async function memberOfPartner(partnerId: string, email: string): Promise<StaffMember | undefined> {
  const lookup = await getStaffLookup(normaliseEmail(email), partnerId);
  if (!lookup) return undefined;
  const member = await getStaffMember(lookup.partner_id, lookup.staff_id);
  return member && !member.removed_at ? member : undefined;
}

/**
 * Every current membership of an address, one per partner, oldest first: the dashboards its person
 * may sign in to (an invitation among them until it is accepted). Only sign-in asks this, for the
 * person who proves the address is theirs; no partner ever learns another's.
 */
export async function membershipsOf(email: string): Promise<StaffMember[]> {
  const lookups = await staffLookupsOf(normaliseEmail(email));
  const members = await Promise.all(lookups.map((l) => getStaffMember(l.partner_id, l.staff_id)));
  return members
    .filter((m): m is StaffMember => m !== undefined && !m.removed_at)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** GET /dashboard/api/staff: the partner's current staff (invited and active), oldest first. */
export async function listStaff(partnerId: string) {
  const members = (await staffOfPartner(partnerId)).filter((m) => !m.removed_at);
  return { object: 'list' as const, items: members.map(viewOfStaffMember) };
}

/** Only this partner's own members are refused: whether the address is staff elsewhere never shows. */
const alreadyStaff = (email: string) =>
  new ApiError('resource_already_exists', `${email} is already a member of this dashboard.`, [
    {
      reason: 'is already a member of this dashboard',
      location: '$.email',
      validation_type: 'custom',
      how_to_fix:
        'Invite another address, such as "email": "dana@partner.example"; to change this member\'s role, remove them and invite them again.',
    },
  ]);

/** The invitation e-mail: which partner's dashboard, and the sign-in link that names it (accepting it). */
async function sendInvitation(member: StaffMember, invitedBy: string): Promise<void> {
  const partner = await getPartner(member.partner_id);
  const where = partner ? `${partner.name}'s partner dashboard` : 'a partner dashboard';
  const link = `${config().publicUrl}/dashboard/sign-in?partner=${member.partner_id}`;
  await sendEmail({
    to: member.email,
    subject: 'You were invited to a partner dashboard',
    text: `${invitedBy} invited you to ${where} as ${member.role}. To accept, sign in with this address at ${link} : we e-mail you a code, there is no password. A script signs in with POST /dashboard/api/sign-in and then POST /dashboard/api/sign-in/verify with "partner_id": "${member.partner_id}".\n\nIf you do not know this partner, ignore this message: until you sign in, the invitation gives no one anything.`,
  });
}

/**
 * POST /dashboard/api/staff (owner, stepped up): an invitation (`status: "invited"`), e-mailed to the
 * address, that the person accepts by signing in to this partner's dashboard. The answer is the same
 * whatever the address and whether or not it is staff of another partner: membership is per partner,
 * and only this partner's memberships are read. Inviting an address whose invitation is still open
 * sends it again (with the role asked now); this partner's active member is 409. A partner has at
 * most MAX_STAFF_PER_PARTNER current members, invitations included (lib/dashboard/partner-caps.ts).
 */
export async function inviteStaff(
  partnerId: string,
  invitedBy: string,
  body: z.output<typeof inviteStaffBody>,
  /** The invitation's audit entries, in its transaction (lib/dashboard/staff-changes.ts). */
  acts: (member: ReturnType<typeof viewOfStaffMember>) => AuditAct[] = () => [],
) {
  const email = normaliseEmail(body.email);
  const invited = await commitAudited({ partnerId, mode: 'live' }, async (ws) => {
    const [existing, staff] = await Promise.all([memberOfPartner(partnerId, email), staffOfPartner(partnerId)]);
    if (existing && statusOfMember(existing) === 'active') throw alreadyStaff(email);
    if (existing) {
      // Accepted or removed meanwhile: read again (then 409, or a new invitation).
      if (existing.role !== body.role) addInvitedRole(ws, existing, body.role, () => new ChangedMeanwhile('the invitation'));
      const again = { ...existing, role: body.role };
      return { value: again, acts: acts(viewOfStaffMember(again)) };
    }
    if (staff.filter((m) => !m.removed_at).length >= MAX_STAFF_PER_PARTNER) throw staffCapReached();
    const member: StaffMember = {
      id: newId('staffMember'),
      partner_id: partnerId,
      email,
      role: body.role,
      status: 'invited',
      created_at: nowIso(),
      invited_by: invitedBy,
    };
    addNewStaffMember(ws, member, () => alreadyStaff(email));
    return { value: member, acts: acts(viewOfStaffMember(member)) };
  });
  await sendInvitation(invited, invitedBy);
  return viewOfStaffMember(invited);
}

const lastOwner = () =>
  new ApiError('invalid_request', 'The last owner cannot be removed: the dashboard would have no one to manage it.', [
    {
      reason: 'is the last owner',
      location: 'staffID',
      validation_type: 'custom',
      how_to_fix: 'Invite another owner first (POST /dashboard/api/staff with "role": "owner"), then remove this one.',
    },
  ]);

/**
 * POST /dashboard/api/staff/{staffID}/remove (owner, stepped up): the member is marked removed and
 * every session of theirs ends at once (sessions check their member on every request,
 * lib/dashboard/session.ts). Removing someone already removed answers them as they are.
 */
export async function removeStaff(
  partnerId: string,
  staffId: string,
  /** The removal's audit entries, in its transaction (lib/dashboard/staff-changes.ts). */
  acts: (before: StaffMember, after: StaffMember) => AuditAct[] = () => [],
) {
  const removed = await commitAudited({ partnerId, mode: 'live' }, async (ws) => {
    const member = await getStaffMember(partnerId, staffId);
    if (!member) throw resourceMissing('staff member', staffId);
    if (member.removed_at) return { value: { member, now: false }, acts: [] };
    if (member.role === 'owner') {
      // Only active owners can manage the dashboard: an invitation not yet accepted does not count.
      const owners = (await staffOfPartner(partnerId)).filter((m) => statusOfMember(m) === 'active' && m.role === 'owner');
      if (owners.length <= 1) throw lastOwner();
    }
    const at = nowIso();
    // Removed by another request meanwhile: read again, and answer them as they are.
    addStaffRemoval(ws, member, at, () => new ChangedMeanwhile('the member'));
    const after = { ...member, removed_at: at, sessions_ended_at: at };
    return { value: { member: after, now: true }, acts: acts(member, after) };
  });
  // Already void (the member is marked); deleted so that nothing lists them.
  if (removed.now) await deleteSessionsOfMember(staffId);
  return viewOfStaffMember(removed.member);
}
