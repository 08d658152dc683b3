import { GetCommand, PutCommand } from '../dynamodb';
import { batchGetItems, itemAt } from '../read-batch';
import type { Scope } from '../../scope';
import { db, tableName } from '../client';
import { listSortKey, requestLogIndexes, requestLogKey } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';
import { defineEntity } from '../entity';
import { retryTransient } from '../transient';
import type { WriteSet } from '../write-set';
import type { RequestLogRecord } from '../../resources/request-log';
import { HOUR_MS, hourOf, hourStart } from '../utc-hours';
import { realNowMs } from '../../clock';

/**
 * The request log's entries (docs/decisions.md, "The request log"). Every API handler may write its
 * answer's entry, so IAM grants this module's writes on `REQ#` items alone, and a ConditionCheck on
 * `KEY#` items (infra/aws/access/narrowed-modules.ts): it sends its own commands.
 */

/** Kept 7 days (docs/openapi.json, the request log), then DynamoDB's TTL removes the item. */
export const REQUEST_LOG_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/**
 * When an entry expires (epoch seconds): 7 days after the END of the UTC hour it was made in, so every
 * entry of an hour expires at once and the visible log is always whole hours (kept 7 days to 7 days
 * and an hour; docs/decisions.md, "Listing the log"). The hour's counts expire with them.
 */
export const requestLogExpiry = (createdAt: string): number =>
  Math.floor((hourStart(hourOf(Date.parse(createdAt))) + HOUR_MS) / 1000) + REQUEST_LOG_RETENTION_SECONDS;

/**
 * The stored entry: the record under its id, listed on gsi5 newest first, expiring with its hour. The
 * bodies and the query are stored as JSON text, not as maps: whatever a caller sent (nesting deeper than DynamoDB's
 * 32 levels, numbers beyond its 38 digits, empty keys) can never make the write fail, nor the
 * operation's transaction it is part of. An entry written before the log had its own index was also
 * listed on gsi1: the table's index keys are never part of a record (lib/store/entity.ts).
 */
export const requestLogEntity = defineEntity<RequestLogRecord, { [TTL_ATTRIBUTE]: number }>({
  name: 'request_log',
  key: (scope, record) => requestLogKey(scope, record.id),
  indexes: (scope, record) => {
    const index = requestLogIndexes.all(scope);
    return { [`${index.index}pk`]: index.pk, [`${index.index}sk`]: listSortKey(record.created_at, record.id) };
  },
  extra: (record) => ({ [TTL_ATTRIBUTE]: requestLogExpiry(record.created_at) }),
  internal: [TTL_ATTRIBUTE],
  codec: {
    encode: ({ request_body, response_body, query, ...rest }) => ({
      ...rest,
      query: JSON.stringify(query ?? {}),
      ...(request_body !== undefined ? { request_body: JSON.stringify(request_body) } : {}),
      response_body: JSON.stringify(response_body ?? null),
    }),
    decode: (item) => ({
      query: typeof item.query === 'string' ? JSON.parse(item.query) : {},
      response_body: typeof item.response_body === 'string' ? JSON.parse(item.response_body) : null,
      ...(typeof item.request_body === 'string' ? { request_body: JSON.parse(item.request_body) } : {}),
    }),
    internal: ['request_body'],
  },
});

/** The stored item of an entry (the request log's listing tests and bench write items as it does). */
export function requestLogItem(scope: Scope, record: RequestLogRecord): Record<string, unknown> {
  return requestLogEntity.item(scope, record);
}

/** The record of a stored item: the item less its keys and bookkeeping. */
export function requestLogRecord(item: Record<string, unknown>): RequestLogRecord {
  return requestLogEntity.record(item);
}

/** Into the operation's own transaction: the log entry commits with the change, or not at all. */
export function addRequestLog(ws: WriteSet, record: RequestLogRecord): void {
  ws.put(requestLogItem(ws.scope, record));
}

/** On its own (an answer with no transaction to be part of): one PutItem, run beside the answer's last write. */
export async function putRequestLog(scope: Scope, record: RequestLogRecord): Promise<void> {
  await retryTransient(() => db().send(new PutCommand({ TableName: tableName(), Item: requestLogItem(scope, record) })));
}

export async function getRequestLog(scope: Scope, id: string): Promise<RequestLogRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: requestLogKey(scope, id) }));
  const item = res.Item;
  // An item past its TTL may linger until DynamoDB removes it: it is gone for the API already.
  if (!item || (item[TTL_ATTRIBUTE] as number) * 1000 < realNowMs()) return undefined;
  return requestLogRecord(item);
}

/**
 * The whole entries of a listed page, in its order, read by key (the listing's index holds no bodies):
 * one BatchGetItem. An entry that expired and was removed between the two reads is left out.
 */
export async function getRequestLogsOfPage(listed: Record<string, unknown>[]): Promise<RequestLogRecord[]> {
  const keys = listed.map((i) => ({ pk: i.pk, sk: i.sk }));
  const items = await batchGetItems(tableName(), keys, { consistent: false });
  return keys.flatMap((key) => {
    const item = itemAt(items, key);
    return item ? [requestLogRecord(item)] : [];
  });
}
