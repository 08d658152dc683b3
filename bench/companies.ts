import { wrapSends, unwrapSends } from '../lib/aws/send-wrapper';
import { TransactWriteCommand, type TransactWriteCommandInput } from '../lib/store/dynamodb';
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { keyedProxyEvent, lambdaContext } from '../infra/local/proxy-event';
import { db, tableName } from '../lib/store/client';
import { percentile, round, timeSequential } from './stats';
import type { Bench, BenchRow } from './types';
import { forgetSlotBlocks } from '../lib/rate-limit/count-request';

const letters = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const body = () => ({
  name: `Bench ${letters(12)}`,
  state: 'WY',
  entity_type: 'llc',
  account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
});

/**
 * POST /v1/companies over HTTP beside a bare TransactWriteItems with the same number of items of the
 * same sizes (the creation's own transaction replayed onto fresh keys), and the DynamoDB requests one
 * creation makes, by command, counted on the process's one client.
 */

/**
 * POST /v1/companies over HTTP beside a bare TransactWriteItems with the same number of items of the
 * same sizes (the creation's own transaction replayed onto fresh keys), and the DynamoDB requests one
 * creation makes, by command: the handler is invoked directly inside an AsyncLocalStorage context, so
 * only its own requests are counted (the local runtime's background pollers share the client).
 */
export const companiesBench: Bench = async ({ credentials }) => {
  const counts = new Map<string, number>();
  let lastTransaction: TransactWriteCommandInput | undefined;
  const mine = new AsyncLocalStorage<boolean>();
  wrapSends(db(), 'benchRequestCounter', (command, next) => {
    if (mine.getStore()) {
      counts.set(command.operation, (counts.get(command.operation) ?? 0) + 1);
      if (command.operation === 'TransactWriteItems') lastTransaction = command.input as TransactWriteCommandInput;
    }
    return next();
  });
  const { handler } = (await import('../functions/api/create-company')) as {
    handler: (e: APIGatewayProxyEvent, c: unknown) => Promise<{ statusCode: number; body: string }>;
  };
  const invoke = async (idempotencyKey?: string) => {
    const res = await handler(
      keyedProxyEvent({
        method: 'POST',
        path: '/v1/companies',
        key: credentials.test_key,
        body: body(),
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
      }),
      lambdaContext('createCompany'),
    );
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  };
  const post = (idempotencyKey?: string) =>
    fetch(`${credentials.base_url}/companies`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${credentials.test_key}`,
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body()),
    }).then(async (r) => {
      if (r.status !== 201) throw new Error(`create failed: ${r.status} ${await r.text()}`);
    });

  const rows: BenchRow[] = [];
  try {
    // Requests of one creation, without and with an Idempotency-Key.
    for (const withKey of [false, true]) {
      await invoke(withKey ? randomUUID() : undefined); // warm the handler
      counts.clear();
      forgetSlotBlocks(); // the creation that writes its rate-limit count (docs/decisions.md, "Rate limiting")
      await mine.run(true, () => invoke(withKey ? randomUUID() : undefined));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const writes = [...counts].filter(([n]) => /Put|Update|Delete|Transact|BatchWrite/.test(n)).reduce((a, [, v]) => a + v, 0);
      const breakdown = [...counts].map(([n, v]) => `${n} ${v}`).join(', ');
      rows.push({
        name: `DynamoDB requests per creation${withKey ? ' with Idempotency-Key' : ''}`,
        value: total,
        unit: 'requests',
        note: breakdown,
      });
      const transactions = counts.get('TransactWriteItems') ?? 0;
      rows.push({
        name: `TransactWriteItems per creation${withKey ? ' with Idempotency-Key' : ''}`,
        value: transactions,
        unit: 'requests',
        baseline: 1,
        baselineName: 'goal: one write request',
        ratio: transactions,
        note: `all write requests: ${writes} (the foundation's per-request rate-limit counter${withKey ? ', the key claim' : ''}, this transaction)`,
      });
    }

    const items = lastTransaction?.TransactItems ?? [];
    const api = await timeSequential(150, () => post(randomUUID()), 10);
    // The same transaction's items, as plain puts on fresh keys: the cost of the write alone.
    const bare = await timeSequential(
      150,
      () => {
        const fresh = items.map((entry) => {
          const item = entry.Put?.Item ?? { ...(entry.Update?.Key ?? entry.ConditionCheck?.Key), n: 1 };
          return {
            Put: {
              TableName: tableName(),
              Item: {
                ...item,
                pk: `BENCH#${randomUUID()}`,
                sk: 'X',
                gsi1pk: undefined,
                gsi2pk: undefined,
                gsi3pk: undefined,
                gsi4pk: undefined,
              },
            },
          };
        });
        return db().send(new TransactWriteCommand({ TransactItems: fresh }));
      },
      10,
    );
    for (const p of [99, 50]) {
      const value = round(percentile(api, p));
      const baseline = round(percentile(bare, p));
      rows.unshift({
        name: `POST /v1/companies p${p}`,
        value,
        unit: 'ms',
        baseline,
        baselineName: `bare TransactWriteItems of ${items.length} items p${p}`,
        ratio: round(value / baseline),
      });
    }
  } finally {
    unwrapSends(db(), 'benchRequestCounter');
  }
  return rows;
};
