import { QueryCommand } from '../store/dynamodb';
import { db, tableName } from '../store/client';
import { queryAll } from '../store/query-all';
import { invoiceLinesIndex, ledgerLineKey, shardOf, unbilledIndexes } from '../store/keys';
import type { Scope } from '../scope';
import type { WriteSet } from '../store/write-set';
import type { LedgerLine } from './ledger-line';

/** The act was billed already (a retry, a second job run, a concurrent one): nothing more to bill. */
export class AlreadyBilled extends Error {
  constructor(readonly key: string) {
    super(`already billed: ${key}`);
  }
}

/** The stored line: unbilled until the month-end close attaches it to an invoice. */
export function ledgerLineItem(scope: Scope, line: LedgerLine): Record<string, unknown> {
  return {
    ...ledgerLineKey(scope, line.id),
    entity: 'ledger_line',
    ...line,
    gsi2pk: unbilledIndexes.ofPartner(scope).pk,
    gsi2sk: `${line.period}#${line.id}`,
    gsi3pk: unbilledIndexes.byShard(scope.mode, shardOf(line.id)).pk,
    gsi3sk: `${line.period}#${scope.partnerId}#${line.id}`,
  };
}

/**
 * Writes lines in the transaction of the act they bill. Each put is conditioned on the line not
 * existing: the same act can never bill twice, whoever runs it and however often.
 */
export function addLedgerLines(ws: WriteSet, scope: Scope, lines: LedgerLine[]): WriteSet {
  for (const line of lines) {
    ws.put(ledgerLineItem(scope, line), { expression: 'attribute_not_exists(pk)', onFailed: () => new AlreadyBilled(line.key) });
  }
  return ws;
}

export function toLedgerLine(item: Record<string, unknown>): LedgerLine {
  const { id, key, kind, description, amount, currency, company, service_order, product_key, options, period, billed_at, livemode } =
    item as unknown as LedgerLine;
  const line: LedgerLine = {
    id,
    key,
    kind,
    description,
    amount,
    currency,
    company,
    service_order,
    product_key,
    period,
    billed_at,
    livemode,
  };
  if (options) line.options = options;
  return line;
}

/** The lines an invoice bills, oldest first. */
export async function linesOfInvoice(scope: Scope, invoiceId: string): Promise<LedgerLine[]> {
  const index = invoiceLinesIndex(scope, invoiceId);
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index.index,
    KeyConditionExpression: 'gsi4pk = :pk',
    ExpressionAttributeValues: { ':pk': index.pk },
  });
  return items.map(toLedgerLine);
}

/** Unbilled lines of a partner and mode up to and including `period`, oldest period first. */
export async function unbilledLines(scope: Scope, throughPeriod: string, limit?: number): Promise<LedgerLine[]> {
  const index = unbilledIndexes.ofPartner(scope);
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.index,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :upto',
      ExpressionAttributeValues: { ':pk': index.pk, ':upto': `${throughPeriod}#~` },
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map(toLedgerLine);
}

/** Every partner of a mode with unbilled lines up to `period` (the scheduled month-end job). */
export async function partnersWithUnbilledLines(mode: Scope['mode'], throughPeriod: string, shards: number): Promise<string[]> {
  const partners = new Set<string>();
  for (let shard = 0; shard < shards; shard++) {
    const index = unbilledIndexes.byShard(mode, shard);
    const items = await queryAll({
      TableName: tableName(),
      IndexName: index.index,
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :upto',
      ExpressionAttributeValues: { ':pk': index.pk, ':upto': `${throughPeriod}#~` },
      ProjectionExpression: 'gsi3sk',
    });
    for (const item of items) partners.add(String(item.gsi3sk).split('#')[1]);
  }
  return [...partners];
}
