import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { recordOf } from '../entity';
import { updateItem } from '../single-item';
import { STAFF_MEMBER_SK_PREFIX, staffKey, staffMemberKey, staffPartition } from '../keys';

/** What a person may do in a partner's dashboard (lib/dashboard/roles.ts). */
export type StaffRole = 'owner' | 'developer' | 'finance';

/** One person's membership of one partner's dashboard. */
export interface StaffMemberRecord {
  id: string;
  partner_id: string;
  email: string;
  role: StaffRole;
  created_at: string;
  /** Who invited them (absent for the owner a partner is created with). */
  invited_by?: string;
  removed_at?: string;
  /** Sessions started at or before this time are over ("sign out everywhere"). */
  sessions_ended_at?: string;
  /**
   * This person's own limit on the dashboard's JSON face, per second and per minute, where it is not
   * the product's (lib/http/dashboard/rate-limit.ts): the embedded default's seeded owner, whom a
   * developer's scripts and test suite share, is limited as the seeded keys are (infra/local/seed.ts).
   */
  rate_limit?: { burst: number; sustained: number };
}

/** The sign-in lookup of an address: the one partner and membership it signs in to. */
interface StaffLookup {
  email: string;
  partner_id: string;
  staff_id: string;
}

const memberItem = (m: StaffMemberRecord) => ({ ...staffMemberKey(m.partner_id, m.id), entity: 'staff_member', ...m });
const lookupItem = (m: StaffMemberRecord) => ({
  ...staffKey(m.email),
  entity: 'staff_lookup',
  email: m.email,
  partner_id: m.partner_id,
  staff_id: m.id,
});

/** The address is already a member of a dashboard (this partner's or another's). */
export class StaffEmailTaken extends Error {
  constructor(readonly email: string) {
    super(`${email} is already staff of a dashboard`);
  }
}

/**
 * Adds a membership and its sign-in lookup in one transaction. The lookup's condition keeps one
 * partner per address; a removed member's lookup is gone, so their address may be invited again.
 */
export async function putStaffMember(member: StaffMemberRecord): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: memberItem(member), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: tableName(), Item: lookupItem(member), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') throw new StaffEmailTaken(member.email);
    throw error;
  }
}

export async function getStaffLookup(email: string): Promise<StaffLookup | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: staffKey(email), ConsistentRead: true }));
  if (!res.Item || typeof res.Item.staff_id !== 'string') return undefined;
  return recordOf<StaffLookup>(res.Item);
}

/** staffMemberById, strongly consistent: a removal or a sign-out everywhere is seen by the next request. */
export async function getStaffMember(partnerId: string, staffId: string): Promise<StaffMemberRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: staffMemberKey(partnerId, staffId), ConsistentRead: true }));
  return res.Item ? recordOf<StaffMemberRecord>(res.Item) : undefined;
}

/** Every membership of a partner, removed ones included, oldest first (a partner has a handful). */
export async function staffOfPartner(partnerId: string): Promise<StaffMemberRecord[]> {
  const out: StaffMemberRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': staffPartition(partnerId), ':prefix': STAFF_MEMBER_SK_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    out.push(...(res.Items ?? []).map((i) => recordOf<StaffMemberRecord>(i)));
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * Removal: the membership is marked (its sessions end on their next request) and the address's
 * sign-in lookup goes, in one transaction; only a member still present is removed.
 */
export async function markStaffRemoved(member: StaffMemberRecord, at: string): Promise<StaffMemberRecord | undefined> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: staffMemberKey(member.partner_id, member.id),
              UpdateExpression: 'SET removed_at = :at, sessions_ended_at = :at',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(removed_at)',
              ExpressionAttributeValues: { ':at': at },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: staffKey(member.email),
              ConditionExpression: 'attribute_not_exists(pk) OR staff_id = :id',
              ExpressionAttributeValues: { ':id': member.id },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return undefined;
    throw error;
  }
  return { ...member, removed_at: at, sessions_ended_at: at };
}

/** Sign out everywhere: every session started up to `at` is over. */
export async function endSessionsOfMember(partnerId: string, staffId: string, at: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: staffMemberKey(partnerId, staffId),
      UpdateExpression: 'SET sessions_ended_at = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/** Sets one member's own dashboard rate limit (the embedded default's seed). */
export async function setStaffRateLimit(
  partnerId: string,
  staffId: string,
  rateLimit: { burst: number; sustained: number },
): Promise<void> {
  await updateItem(staffMemberKey(partnerId, staffId), { set: { rate_limit: rateLimit } });
}
