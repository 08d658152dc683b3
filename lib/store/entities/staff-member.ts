import { GetCommand, QueryCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { recordOf, UNSCOPED } from '../entity';
import { updateItem } from '../single-item';
import { WriteSet } from '../write-set';
import { sendWriteSet } from '../transaction';
import { allOf, anyOf, attributeNotExists, equals, itemAbsent, itemPresent } from '../expression';
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
  const ws = new WriteSet(UNSCOPED, tableName());
  addNewStaffMember(ws, member, () => new StaffEmailTaken(member.email));
  await sendWriteSet(ws);
}

/** A new membership and its address's sign-in lookup, in `ws`; `onTaken` when either exists already. */
export function addNewStaffMember(ws: WriteSet, member: StaffMemberRecord, onTaken: () => Error): void {
  ws.put(memberItem(member), { condition: itemAbsent(), onFailed: onTaken });
  ws.put(lookupItem(member), { condition: itemAbsent(), onFailed: onTaken });
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
  const ws = new WriteSet(UNSCOPED, tableName());
  addStaffRemoval(ws, member, at, () => new StaffGone());
  try {
    await sendWriteSet(ws);
  } catch (error) {
    if (error instanceof StaffGone) return undefined;
    throw error;
  }
  return { ...member, removed_at: at, sessions_ended_at: at };
}

class StaffGone extends Error {}

/** The removal in `ws` (its audit entry's transaction); `onGone` when the member is gone or removed already. */
export function addStaffRemoval(ws: WriteSet, member: StaffMemberRecord, at: string, onGone: () => Error): void {
  ws.update(
    staffMemberKey(member.partner_id, member.id),
    { set: { removed_at: at, sessions_ended_at: at } },
    { condition: allOf(itemPresent(), attributeNotExists('removed_at')), onFailed: onGone },
  );
  const ownLookup = { condition: anyOf(itemAbsent(), equals('staff_id', member.id)), onFailed: onGone };
  ws.delete(staffMembershipKey(member.email, member.partner_id), ownLookup);
  ws.delete(legacyStaffKey(member.email), ownLookup);
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
  const ws = new WriteSet(UNSCOPED, tableName());
  addInvitedRole(ws, member, role, () => new StaffGone());
  try {
    await sendWriteSet(ws);
    return true;
  } catch (error) {
    if (error instanceof StaffGone) return false;
    throw error;
  }
}

/** An open invitation's role changed, in `ws`; `onGone` when it is no longer an open invitation. */
export function addInvitedRole(ws: WriteSet, member: StaffMemberRecord, role: StaffRole, onGone: () => Error): void {
  ws.update(
    staffMemberKey(member.partner_id, member.id),
    { set: { role } },
    { condition: allOf(itemPresent(), attributeNotExists('removed_at'), equals('status', 'invited')), onFailed: onGone },
  );
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
