import { GetCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { defineEntity } from '../entity';
import { accountExternalIdKey, accountIndexes, accountKey, COUNTERS, listCounterKey, listSortKey } from '../keys';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';
import type { AccountRecord } from '../../resources/account';
import { metadataAsText } from '../metadata-attribute';
import { getItem, type ReadBatch } from '../read-batch';
import { itemAbsent } from '../expression';

/**
 * The stored item of an account: its record (`metadata` as JSON text, lib/store/metadata-attribute.ts),
 * its keys, and the companiesOfPartner-style list index.
 */
export const accountEntity = defineEntity<AccountRecord>({
  name: 'account',
  key: (scope, record) => accountKey(scope, record.id),
  indexes: (scope, record) => ({ gsi1pk: accountIndexes.all(scope).pk, gsi1sk: listSortKey(record.created_at, record.id) }),
  codec: metadataAsText,
});

export async function getAccount(scope: Scope, accountId: string, batch?: ReadBatch): Promise<AccountRecord | undefined> {
  const item = await getItem(tableName(), accountKey(scope, accountId), { batch });
  return item ? accountEntity.record(item) : undefined;
}

/** accountByExternalId: the guard names the account; one read each. */
export async function findAccountByExternalId(scope: Scope, externalId: string): Promise<AccountRecord | undefined> {
  const guard = await db().send(
    new GetCommand({ TableName: tableName(), Key: accountExternalIdKey(scope, externalId), ConsistentRead: true }),
  );
  return guard.Item ? getAccount(scope, guard.Item.account_id as string) : undefined;
}

/** Another request created an account with this `external_id` between our read and our write. */
export class AccountExternalIdTaken extends Error {
  constructor(readonly externalId: string) {
    super(`account external_id '${externalId}' was taken concurrently`);
  }
}

/**
 * Adds the creation of an account to a WriteSet: the item, the guard that keeps its `external_id`
 * unique in the same transaction, and the `accounts` counter behind `page.total`.
 */
export function addAccountCreation(ws: WriteSet, scope: Scope, record: AccountRecord): WriteSet {
  ws.put(accountEntity.item(scope, record), { condition: itemAbsent() });
  if (record.external_id !== undefined) {
    ws.put(
      { ...accountExternalIdKey(scope, record.external_id), entity: 'account_external_id', account_id: record.id },
      { condition: itemAbsent(), onFailed: () => new AccountExternalIdTaken(record.external_id!) },
    );
  }
  ws.update(listCounterKey(scope, COUNTERS.accounts), { add: { n: 1 } });
  return ws;
}

/** A list counter's value (0 before its first increment). */
export async function readCounter(scope: Scope, counter: string): Promise<number> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: listCounterKey(scope, counter) }));
  return (res.Item?.n as number | undefined) ?? 0;
}
