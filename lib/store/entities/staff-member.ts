import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { recordOf } from '../entity';
import { updateItem } from '../single-item';
import type { WriteSet } from '../write-set';
import { allOf, attributeNotExists, equals, itemPresent } from '../expression';
import { legacyStaffKey, STAFF_MEMBER_SK_PREFIX, staffLookupPartition, staffMemberKey, staffMembershipKey, staffPartition } from '../keys';

/** What a person may do in a partner's dashboard (lib/dashboard/roles.ts). */
export type StaffRole = 'owner' | 'developer' | 'finance';

/** One person's membership of one partner's dashboard. */
export interface StaffMemberRecord {
  id: string;
  partner_id: string;
  email: string;
  role: StaffRole;
  created_at: string;
  /**
   * `invited` until the person signs in to this partner's dashboard (lib/dashboard/sign-in.ts), then
   * `active`; absent on memberships made before invitations had to be accepted (active).
   */
  status?: 'invited' | 'active';
  /** When the person accepted the invitation by signing in. */
  accepted_at?: string;
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

/** One membership of an address, as its lookup item names it: the partner and the membership there. */
export interface StaffLookup {
  email: string;
  partner_id: string;
  staff_id: string;
}

const memberItem = (m: StaffMemberRecord) => ({ ...staffMemberKey(m.partner_id, m.id), entity: 'staff_member', ...m });
const lookupItem = (m: StaffMemberRecord) => ({
  ...staffMembershipKey(m.email, m.partner_id),
  entity: 'staff_lookup',
  email: m.email,
  partner_id: m.partner_id,
  staff_id: m.id,
});

/** The address is already a member (or invited) of this partner's dashboard. */
export class StaffEmailTaken extends Error {
  constructor(readonly email: string) {
    super(`${email} is already staff of this dashboard`);
  }
}

/**
 * Adds a membership and its sign-in lookup in one transaction. The lookup is keyed by address AND
 * partner, so its condition keeps one membership per address within a partner and says nothing of any
 * other partner; a removed member's lookup is gone, so their address may be invited again.
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

/** The address's membership of one partner, if it has one (removed memberships have none). */
export async function getStaffLookup(email: string, partnerId: string): Promise<StaffLookup | undefined> {
  // Read through the address's partition, so that a lookup of the one-partner time is found too.
  return (await staffLookupsOf(email)).find((l) => l.partner_id === partnerId);
}

/**
 * Every membership lookup of an address, each partner's once (an address is staff of a handful at
 * most). The one-partner lookup of older records is read too, so those members still sign in.
 */
export async function staffLookupsOf(email: string): Promise<StaffLookup[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': staffLookupPartition(email) },
      ConsistentRead: true,
      Limit: 200,
    }),
  );
  const lookups = (res.Items ?? []).filter((i) => typeof i.staff_id === 'string').map((i) => recordOf<StaffLookup>(i));
  return [...new Map(lookups.map((l) => [l.partner_id, l])).values()];
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
              Key: staffMembershipKey(member.email, member.partner_id),
              ConditionExpression: 'attribute_not_exists(pk) OR staff_id = :id',
              ExpressionAttributeValues: { ':id': member.id },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: legacyStaffKey(member.email),
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

/** The invitation accepted in the transaction of `ws` (a sign-in and its audit entry); `onGone` when it is no longer one. */
export function acceptInvitationIn(ws: WriteSet, member: StaffMemberRecord, at: string, onGone: () => Error): void {
  ws.update(
    staffMemberKey(member.partner_id, member.id),
    { set: { status: 'active', accepted_at: at } },
    { condition: allOf(itemPresent(), attributeNotExists('removed_at'), equals('status', 'invited')), onFailed: onGone },
  );
}

/** A pending invitation asked for again with another role: the role changes while it is still an invitation. */
export async function setInvitedRole(member: StaffMemberRecord, role: StaffRole): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: staffMemberKey(member.partner_id, member.id),
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(removed_at) AND #status = :invited',
        ExpressionAttributeNames: { '#role': 'role', '#status': 'status' },
        ExpressionAttributeValues: { ':role': role, ':invited': 'invited' },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
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
