import { GetCommand, PutCommand } from '../store/dynamodb';
import { db, tableName } from '../store/client';
import { staffKey, staffOfPartner } from '../store/keys';
import { nowIso } from '../clock';

/** A person who may sign in to one partner's dashboard. */
export interface StaffMember {
  email: string;
  partner_id: string;
  created_at: string;
}

/** Addresses compare case-insensitively and without surrounding spaces. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Makes `email` staff of the partner (idempotent). Partner creation adds the owner this way. */
export async function addStaffMember(partnerId: string, email: string): Promise<StaffMember> {
  const member: StaffMember = { email: normaliseEmail(email), partner_id: partnerId, created_at: nowIso() };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...staffKey(member.email), entity: 'staff_member', ...member, ...staffOfPartner(partnerId), gsi1sk: member.email },
    }),
  );
  return member;
}

export async function findStaffMember(email: string): Promise<StaffMember | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: staffKey(normaliseEmail(email)) }));
  if (!res.Item) return undefined;
  return { email: res.Item.email, partner_id: res.Item.partner_id, created_at: res.Item.created_at };
}
