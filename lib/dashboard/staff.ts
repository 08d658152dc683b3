import { nowIso } from '../clock';
import { putStaffMember, staffByEmail, type StaffMember } from '../store/entities/staff-member';

export type { StaffMember };

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Makes `email` staff of the partner (idempotent), as its owner: how a partner gets its first person. */
export async function addStaffMember(partnerId: string, email: string, role: 'owner' = 'owner'): Promise<StaffMember> {
  const member: StaffMember = { email: normaliseEmail(email), partner_id: partnerId, role, created_at: nowIso() };
  await putStaffMember(member);
  return member;
}

export async function findStaffMember(email: string): Promise<StaffMember | undefined> {
  return staffByEmail(normaliseEmail(email));
}
