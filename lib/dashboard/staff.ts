import * as z from 'zod';
import { ApiError, resourceMissing } from '../errors';
import { newId } from '../ids';
import { nowIso } from '../clock';
import { config } from '../config';
import { sendEmail } from '../email/send-email';
import { idParam } from '../input/id-param';
import { deleteSessionsOfMember } from '../store/entities/dashboard-session';
import {
  getStaffLookup,
  getStaffMember,
  markStaffRemoved,
  putStaffMember,
  StaffEmailTaken,
  type StaffMemberRecord,
  staffOfPartner,
} from '../store/entities/staff-member';
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

/** `{object: "staff_member", id, email, role, created_at}`, and `removed_at` once removed. */
export function viewOfStaffMember(member: StaffMember) {
  return {
    object: 'staff_member' as const,
    id: member.id,
    email: member.email,
    role: member.role,
    created_at: member.created_at,
    ...(member.removed_at ? { removed_at: member.removed_at } : {}),
  };
}

/**
 * Makes `email` staff of the partner with `role` (an owner by default: how a new partner gets its
 * first person). Idempotent for an address that is already this partner's staff; an address that is
 * another partner's is refused (one partner per address).
 */
export async function addStaffMember(
  partnerId: string,
  email: string,
  role: StaffRole = 'owner',
  invitedBy?: string,
): Promise<StaffMember> {
  const address = normaliseEmail(email);
  const existing = await findStaffMember(address);
  if (existing?.partner_id === partnerId) return existing;
  const member: StaffMember = {
    id: newId('staffMember'),
    partner_id: partnerId,
    email: address,
    role,
    created_at: nowIso(),
    ...(invitedBy ? { invited_by: invitedBy } : {}),
  };
  await putStaffMember(member);
  return member;
}

/** The current membership of an address (none once removed). */
export async function findStaffMember(email: string): Promise<StaffMember | undefined> {
  const lookup = await getStaffLookup(normaliseEmail(email));
  if (!lookup) return undefined;
  const member = await getStaffMember(lookup.partner_id, lookup.staff_id);
  return member && !member.removed_at ? member : undefined;
}

/** GET /dashboard/api/staff: the partner's current staff, oldest first. */
export async function listStaff(partnerId: string) {
  const members = (await staffOfPartner(partnerId)).filter((m) => !m.removed_at);
  return { object: 'list' as const, items: members.map(viewOfStaffMember) };
}

const alreadyStaff = (email: string) =>
  new ApiError('resource_already_exists', `${email} is already a member of a partner dashboard.`, [
    {
      reason: 'is already a member of a partner dashboard',
      location: '$.email',
      validation_type: 'custom',
      how_to_fix:
        'Invite another address, such as "email": "dana@partner.example"; an address belongs to one dashboard, so it must be removed from the one it is in first.',
    },
  ]);

/**
 * POST /dashboard/api/staff (owner, stepped up): the new member, told by e-mail where to sign in. A
 * partner has at most MAX_STAFF_PER_PARTNER current members (lib/dashboard/partner-caps.ts).
 */
export async function inviteStaff(partnerId: string, invitedBy: string, body: z.output<typeof inviteStaffBody>) {
  const email = normaliseEmail(body.email);
  const [taken, staff] = await Promise.all([findStaffMember(email), staffOfPartner(partnerId)]);
  if (taken) throw alreadyStaff(email);
  if (staff.filter((m) => !m.removed_at).length >= MAX_STAFF_PER_PARTNER) throw staffCapReached();
  const member: StaffMember = {
    id: newId('staffMember'),
    partner_id: partnerId,
    email,
    role: body.role,
    created_at: nowIso(),
    invited_by: invitedBy,
  };
  try {
    await putStaffMember(member);
  } catch (error) {
    if (error instanceof StaffEmailTaken) throw alreadyStaff(email);
    throw error;
  }
  await sendEmail({
    to: email,
    subject: 'You were added to a partner dashboard',
    text: `${invitedBy} added you to their partner dashboard as ${body.role}. Sign in with this address at ${config().publicUrl}/dashboard/sign-in: we e-mail you a code, there is no password.`,
  });
  return viewOfStaffMember(member);
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
export async function removeStaff(partnerId: string, staffId: string) {
  const member = await getStaffMember(partnerId, staffId);
  if (!member) throw resourceMissing('staff member', staffId);
  if (member.removed_at) return viewOfStaffMember(member);
  if (member.role === 'owner') {
    const owners = (await staffOfPartner(partnerId)).filter((m) => !m.removed_at && m.role === 'owner');
    if (owners.length <= 1) throw lastOwner();
  }
  const removed = await markStaffRemoved(member, nowIso());
  // Already void (the member is marked); deleted so that nothing lists them.
  await deleteSessionsOfMember(staffId);
  const now = removed ?? (await getStaffMember(partnerId, staffId));
  if (!now) throw resourceMissing('staff member', staffId);
  return viewOfStaffMember(now);
}
