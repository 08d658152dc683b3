import { accountKey, companyKey, eventKey, filePointerKey, invoiceKey, requirementPointerKey } from './keys';
import { tableName } from './client';
import { getItem } from './read-batch';
import type { Scope } from '../scope';

/**
 * Where an object of each id prefix is found by its id alone, in one scope (partner and mode), by key:
 * one GetItem, the right every operation already holds (a kind found only through an index, such as a
 * service order, is not looked for: that would give every read-only route a Query).
 */
const KEY_OF: Readonly<Record<string, (scope: Scope, id: string) => { pk: string; sk: string }>> = {
  cmp_: companyKey,
  acct_: accountKey,
  rqmt_: requirementPointerKey,
  file_: filePointerKey,
  evt_: eventKey,
  in_: invoiceKey,
};

/** Whether an object with this id exists in `scope`; undefined for a kind it cannot tell (it then says nothing either way). */
export async function existsInScope(scope: Scope, id: string): Promise<boolean | undefined> {
  const prefix = /^[a-z]+_/.exec(id)?.[0];
  const key = prefix !== undefined && Object.hasOwn(KEY_OF, prefix) ? KEY_OF[prefix] : undefined;
  if (!key) return undefined;
  return (await getItem(tableName(), key(scope, id), { attributes: ['pk'] })) !== undefined;
}
