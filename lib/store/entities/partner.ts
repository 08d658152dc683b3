import { tableName } from '../client';
import { defineEntity } from '../entity';
import { allOf, equals, itemAbsent, itemPresent, type Update } from '../expression';
import { partnerKey } from '../keys';
import { getItem } from '../read-batch';
import { putItem, updateItem } from '../single-item';
import type { WriteSet } from '../write-set';

/** A partner (a workspace): who owns keys, webhook endpoints and every company it creates. */
export interface Partner {
  id: string;
  name: string;
  /** The workspace owner: dashboard sign-in and webhook-failure e-mails go here. */
  owner_email: string;
  /** The pinned default API version (spec Versioning 2). */
  api_version: string;
  /** The version webhook payloads are rendered at (spec Versioning 5). */
  webhook_version: string;
  billing_status: 'active' | 'inactive';
  created_at: string;
}

const partnerEntity = defineEntity<Partner>({ name: 'partner', key: (_scope, p) => partnerKey(p.id) });
const NO_SCOPE = { partnerId: '', mode: 'test' as const };

/** A new partner (its id must be new). */
export async function putNewPartner(partner: Partner): Promise<void> {
  if (!(await putItem(partnerEntity.item(NO_SCOPE, partner), itemAbsent()))) throw new Error(`partner ${partner.id} exists already`);
}

/** partnerById (eventually consistent: a partner's profile changes rarely). */
export async function partnerById(partnerId: string): Promise<Partner | undefined> {
  const item = await getItem(tableName(), partnerKey(partnerId));
  return item ? partnerEntity.record(item) : undefined;
}

/** partnerById strongly consistent: what a change of the partner's settings starts from. */
export async function partnerByIdNow(partnerId: string): Promise<Partner | undefined> {
  const item = await getItem(tableName(), partnerKey(partnerId), { consistent: true });
  return item ? partnerEntity.record(item) : undefined;
}

/** A change of the partner's settings added to a change (with its audit entry), if the partner still stands as `before` was read. */
export function addPartnerChange(ws: WriteSet, before: Partner, set: Record<string, string>, onFailed: () => Error): void {
  const unchanged = Object.keys(set).map((name) => equals(name, before[name as keyof Partner]));
  ws.update(partnerKey(before.id), { set }, { condition: allOf(itemPresent(), ...unchanged), onFailed });
}

/** Changes a partner's settings: the partner as it now is, or undefined when there is no such partner. */
export async function changePartner(partnerId: string, update: Update): Promise<Partner | undefined> {
  const item = await updateItem(partnerKey(partnerId), update, itemPresent(), 'all');
  return item ? partnerEntity.record(item) : undefined;
}
