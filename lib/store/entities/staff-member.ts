import { tableName } from '../client';
import { staffKey, staffOfPartner } from '../keys';
import { getItem } from '../read-batch';
import { putItem } from '../single-item';

/** A person who may sign in to one partner's dashboard: found by address, listed on the partner's staff (gsi1). */
export interface StaffMember {
  email: string;
  partner_id: string;
  /** What the person may do; a partner's first person is its owner. */
  role?: 'owner';
  created_at: string;
}

/** Stores a staff member (a second put of the same address replaces it). */
export async function putStaffMember(member: StaffMember): Promise<void> {
  await putItem({
    ...staffKey(member.email),
    entity: 'staff_member',
    ...member,
    ...staffOfPartner(member.partner_id),
    gsi1sk: member.email,
  });
}

/** staffByEmail (the address normalised by the caller). */
export async function staffByEmail(email: string): Promise<StaffMember | undefined> {
  const item = await getItem(tableName(), staffKey(email));
  return item ? { email: item.email as string, partner_id: item.partner_id as string, created_at: item.created_at as string } : undefined;
}
