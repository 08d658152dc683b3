import { wrapSends, unwrapSends } from '../lib/aws/send-wrapper';
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { keyedProxyEvent, lambdaContext } from '../infra/local/proxy-event';
import { db } from '../lib/store/client';
import { issueApiKey } from '../lib/auth/api-key';
import type { Bench, BenchRow } from './types';
import { forgetSlotBlocks } from '../lib/rate-limit/count-request';

type Invoke = (e: APIGatewayProxyEvent, c: unknown) => Promise<{ statusCode: number; body: string }>;

const letters = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
const valid = () => ({
  name: `Bench ${letters(12)}`,
  state: 'WY',
  entity_type: 'llc',
  account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
});

interface Call {
  command: string;
  /** A write of the request log on its own (a PutItem of a `request_log` item). */
  logAlone: boolean;
  /** A transaction that carries the request log's item. */
  logInTransaction: boolean;
}

/**
 * The request log's cost in DynamoDB requests and in SEQUENTIAL round trips (counted on the client,
 * not timed): the handlers are invoked directly inside an AsyncLocalStorage context, each DynamoDB
 * call is recorded with the calls in flight beside it, and a round trip is a run of calls that
 * overlap. A round trip "for the log" is one in which every call is a request-log write on its own:
 * waiting the log alone added. 0 means the log was written in the operation's transaction or beside
 * the answer's last write; a refused request without a transaction pays 1, its entry's PutItem
 * (docs/decisions.md, "Where the entry is written").
 */
export const requestLogBench: Bench = async ({ credentials }) => {
  const mine = new AsyncLocalStorage<Call[][]>();
  let inFlight = 0;
  wrapSends(db(), 'benchRequestLogRounds', async (command, next) => {
    const waves = mine.getStore();
    if (!waves) return next();
    const input = command.input as { Item?: Record<string, unknown>; TransactItems?: { Put?: { Item?: Record<string, unknown> } }[] };
    const call: Call = {
      command: command.operation,
      logAlone: input.Item?.entity === 'request_log',
      logInTransaction: (input.TransactItems ?? []).some((t) => t.Put?.Item?.entity === 'request_log'),
    };
    if (inFlight === 0) waves.push([]);
    waves[waves.length - 1].push(call);
    inFlight++;
    try {
      return await next();
    } finally {
      inFlight--;
    }
  });
  const create = ((await import('../functions/api/create-company')) as { handler: Invoke }).handler;
  const getCompany = ((await import('../functions/api/get-company')) as { handler: Invoke }).handler;
  const key = credentials.test_key;
  // A key this process has never seen: its first request reads the key on its own.
  const freshKey = async () =>
    (
      await issueApiKey({
        partnerId: credentials.partner_id,
        mode: 'test',
        name: 'bench cold',
        rateLimit: { burst: 100_000, sustained: 1_000_000 },
      })
    ).secret;
  const coldKey = await freshKey();
  const cases: {
    name: string;
    status: number;
    cold?: boolean;
    ownWrite?: boolean;
    run: () => Promise<{ statusCode: number; body: string }>;
  }[] = [
    {
      name: 'POST /v1/companies (201)',
      status: 201,
      run: () => create(keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: valid() }), lambdaContext('createCompany')),
    },
    {
      name: 'POST /v1/companies (201) with Idempotency-Key',
      status: 201,
      run: () =>
        create(
          keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: valid(), headers: { 'Idempotency-Key': randomUUID() } }),
          lambdaContext('createCompany'),
        ),
    },
    {
      name: 'POST /v1/companies refused (400) with Idempotency-Key',
      status: 400,
      run: () =>
        create(
          keyedProxyEvent({
            method: 'POST',
            path: '/v1/companies',
            key,
            body: { ...valid(), name: 'The Refused' },
            headers: { 'Idempotency-Key': randomUUID() },
          }),
          lambdaContext('createCompany'),
        ),
    },
    {
      name: "POST /v1/companies refused (400) by the body's schema, no Idempotency-Key",
      status: 400,
      ownWrite: true,
      run: () =>
        create(
          keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: { ...valid(), state: 'XX' } }),
          lambdaContext('createCompany'),
        ),
    },
    {
      name: 'POST /v1/companies refused (400) by a rule of creation (a name starting with "The"), no Idempotency-Key',
      status: 400,
      ownWrite: true,
      run: () =>
        create(
          keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: { ...valid(), name: 'The Refused' } }),
          lambdaContext('createCompany'),
        ),
    },
    {
      name: "POST /v1/companies refused (400) by the body's schema, no Idempotency-Key, a key's first request in this process (cold)",
      status: 400,
      ownWrite: true,
      cold: true,
      run: () =>
        create(
          keyedProxyEvent({ method: 'POST', path: '/v1/companies', key: coldKey, body: { ...valid(), state: 'XX' } }),
          lambdaContext('createCompany'),
        ),
    },
    {
      name: 'GET /v1/companies/{id} refused (404)',
      status: 404,
      ownWrite: true,
      run: () =>
        getCompany(
          keyedProxyEvent({
            method: 'GET',
            path: '/v1/companies/cmp_0000000000000000000000',
            key,
            resource: '/v1/companies/{companyID}',
            pathParameters: { companyID: 'cmp_0000000000000000000000' },
          }),
          lambdaContext('getCompany'),
        ),
    },
  ];
  const rows: BenchRow[] = [];
  try {
    for (const c of cases) {
      if (!c.cold) {
        const warm = await c.run();
        if (warm.statusCode !== c.status) throw new Error(`${c.name}: ${warm.statusCode} ${warm.body}`);
      }
      const waves: Call[][] = [];
      forgetSlotBlocks(); // the request that writes its rate-limit count (docs/decisions.md, "Rate limiting")
      const res = await mine.run(waves, c.run);
      if (res.statusCode !== c.status) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      const calls = waves.flat();
      const forTheLog = waves.filter((w) => w.every((call) => call.logAlone)).length;
      const where = calls.some((x) => x.logInTransaction)
        ? "in the operation's TransactWriteItems"
        : calls.some((x) => x.logAlone)
          ? waves.some((w) => w.some((x) => x.logAlone) && w.length > 1)
            ? "a PutItem beside the answer's last write"
            : 'a PutItem on its own, after the answer is known'
          : 'not written';
      rows.push({
        name: `${c.name}: round trips waiting on the request log alone`,
        value: forTheLog,
        unit: 'round trips',
        // A refusal with no transaction and no Idempotency-Key pays its entry's PutItem.
        baseline: c.ownWrite ? 1 : 0,
        baselineName: 'goal',
        note: `log written ${where}; ${calls.length} DynamoDB requests in ${waves.length} sequential round trips: ${waves.map((w) => w.map((x) => x.command + (x.logAlone ? '(log)' : '')).join('+')).join(' → ')}`,
      });
    }
  } finally {
    unwrapSends(db(), 'benchRequestLogRounds');
  }
  return rows;
};
