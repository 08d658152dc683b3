import { tableName } from '../client';
import { defineEntity, UNSCOPED } from '../entity';
import { allOf, anyOf, type Condition } from '../expression';
import { legacyStaffKey, STAFF_MEMBER_SK_PREFIX, staffLookupPartition, staffMemberKey, staffMembershipKey, staffPartition } from '../keys';
import { queryEvery, queryPage } from '../query';
import { getItem } from '../read-batch';
import { updateItem } from '../single-item';
import { sendWriteSet } from '../transaction';
import { WriteSet } from '../write-set';

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

/** A membership: under its partner's staff, by its id. */
const memberEntity = defineEntity<StaffMemberRecord>({
  name: 'staff_member',
  key: (_scope, m) => staffMemberKey(m.partner_id, m.id),
});
const whereMember = memberEntity.where;

/** An address's membership of one partner, under the address and the partner: what a sign-in looks up. */
const lookupEntity = defineEntity<StaffLookup>({
  name: 'staff_lookup',
  key: (_scope, l) => staffMembershipKey(l.email, l.partner_id),
});
const whereLookup = lookupEntity.where;

const memberItem = (m: StaffMemberRecord) => memberEntity.item(UNSCOPED, m);
const lookupItem = (m: StaffMemberRecord) => lookupEntity.item(UNSCOPED, { email: m.email, partner_id: m.partner_id, staff_id: m.id });

/** Still a member, not removed (and `also`): what every change of a membership requires. */
const stillMember = (...also: Condition[]) => allOf(whereMember.present(), whereMember.lacks('removed_at'), ...also);

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
  ws.put(memberItem(member), { condition: whereMember.absent(), onFailed: onTaken });
  ws.put(lookupItem(member), { condition: whereLookup.absent(), onFailed: onTaken });
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
  const page = await queryPage({ partition: staffLookupPartition(email), consistent: true, limit: 200 });
  const lookups = page.items.filter((i) => typeof i.staff_id === 'string').map((i) => lookupEntity.record(i));
  return [...new Map(lookups.map((l) => [l.partner_id, l])).values()];
}

/** staffMemberById, strongly consistent: a removal or a sign-out everywhere is seen by the next request. */
export async function getStaffMember(partnerId: string, staffId: string): Promise<StaffMemberRecord | undefined> {
  const item = await getItem(tableName(), staffMemberKey(partnerId, staffId), { consistent: true });
  return item ? memberEntity.record(item) : undefined;
}

/** Every membership of a partner, removed ones included, oldest first (a partner has a handful). */
export async function staffOfPartner(partnerId: string): Promise<StaffMemberRecord[]> {
  const items = await queryEvery({
    partition: staffPartition(partnerId),
    sortKey: { beginsWith: STAFF_MEMBER_SK_PREFIX },
    consistent: true,
  });
  return items.map((i) => memberEntity.record(i)).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
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
  ws.update(staffMemberKey(member.partner_id, member.id), memberEntity.update({ set: { removed_at: at, sessions_ended_at: at } }), {
    condition: stillMember(),
    onFailed: onGone,
  });
  const ownLookup = { condition: anyOf(whereLookup.absent(), whereLookup.equals('staff_id', member.id)), onFailed: onGone };
  ws.delete(staffMembershipKey(member.email, member.partner_id), ownLookup);
  ws.delete(legacyStaffKey(member.email), ownLookup);
}

/** The invitation accepted in the transaction of `ws` (a sign-in and its audit entry); `onGone` when it is no longer one. */
export function acceptInvitationIn(ws: WriteSet, member: StaffMemberRecord, at: string, onGone: () => Error): void {
  ws.update(staffMemberKey(member.partner_id, member.id), memberEntity.update({ set: { status: 'active', accepted_at: at } }), {
    condition: stillMember(whereMember.equals('status', 'invited')),
    onFailed: onGone,
  });
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
  ws.update(staffMemberKey(member.partner_id, member.id), memberEntity.update({ set: { role } }), {
    condition: stillMember(whereMember.equals('status', 'invited')),
    onFailed: onGone,
  });
}

/** Sign out everywhere: every session started up to `at` is over. */
export async function endSessionsOfMember(partnerId: string, staffId: string, at: string): Promise<void> {
  const ended = await updateItem(
    staffMemberKey(partnerId, staffId),
    memberEntity.update({ set: { sessions_ended_at: at } }),
    whereMember.present(),
  );
  if (!ended) throw new Error(`staff member ${staffId} of partner ${partnerId} is gone`);
}

/** Sets one member's own dashboard rate limit (the embedded default's seed). */
export async function setStaffRateLimit(
  partnerId: string,
  staffId: string,
  rateLimit: { burst: number; sustained: number },
): Promise<void> {
  await updateItem(staffMemberKey(partnerId, staffId), memberEntity.update({ set: { rate_limit: rateLimit } }));
}
