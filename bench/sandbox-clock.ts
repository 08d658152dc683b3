import { loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { keyedProxyEvent, lambdaContext } from '../infra/local/proxy-event';
import { createPartner } from '../lib/partners/partner';
import { issueApiKey } from '../lib/auth/api-key';
import { GetCommand } from '../lib/store/dynamodb';
import { db, tableName } from '../lib/store/client';
import { partnerKey } from '../lib/store/keys';
import { percentile, round, timeInTurns } from './stats';
import type { Bench, BenchRow } from './types';

type LambdaHandler = (event: APIGatewayProxyEvent, context: unknown) => Promise<APIGatewayProxyResult>;

/** The goal: a 400-day advance of a 50-company sandbox within a minute on the embedded default. */
const ADVANCE_GOAL_S = 60;
const COMPANIES = 50;
const DAYS = 400;

const newCompany = (i: number) => ({
  name: `Clock bench ${i} ${randomUUID().slice(0, 6)}`,
  state: ['DE', 'WY', 'CA', 'TX', 'NY'][i % 5],
  entity_type: 'llc',
  account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
});

/**
 * The sandbox clock (docs/decisions.md, "The sandbox clock"):
 * 1. A 400-day advance of a sandbox of 50 companies, each with a monthly bookkeeping order beside its
 *    yearly registered agent: from the POST to `status: ready`, over HTTP against the embedded default
 *    (its steps on the SQS stand-in, in this process), beside the issue's goal of 60 s; with what it did.
 * 2. What reading the clock costs: GET /v1/me and POST /v1/companies with a live key (which reads no
 *    clock) and a test key (which reads its clock beside its key), through their handlers, p50 in turns
 *    with a bare GetItem.
 */
export const sandboxClockBench: Bench = async ({ credentials }) => {
  const rows: BenchRow[] = [];
  const partner = await createPartner({ name: 'Clock bench', ownerEmail: `clock-${randomUUID().slice(0, 8)}@bench.test` });
  const rateLimit = { burst: 1_000_000, sustained: 100_000_000 };
  const [live, test] = await Promise.all([
    issueApiKey({ partnerId: partner.id, mode: 'live', rateLimit }),
    issueApiKey({ partnerId: partner.id, mode: 'test', rateLimit }),
  ]);
  const call = async (method: string, path: string, body?: unknown, key = test.secret) => {
    const res = await fetch(`${credentials.base_url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Record<string, any>;
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  // 1. The advance.
  for (let i = 0; i < COMPANIES; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, COMPANIES - i) }, async (_, j) => {
        const company = await call('POST', '/companies', newCompany(i + j));
        await call('POST', `/companies/${company.id}/service-orders`, { product_key: 'bookkeeping' });
      }),
    );
  }
  const before = await call('GET', '/sandbox/clock');
  const eventsBefore = (await call('GET', '/events?limit=1')).page.total as number;
  const to = new Date(Date.parse(before.now) + DAYS * 86_400_000).toISOString();
  const load1 = loadavg()[0];
  const started = Date.now();
  await call('POST', '/sandbox/clock/advance', { to });
  for (;;) {
    const clock = await call('GET', '/sandbox/clock');
    if (clock.status === 'ready') break;
    if (Date.now() - started > 15 * 60_000) throw new Error(`the advance did not finish in 15 minutes (at ${clock.now})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (Date.now() - started) / 1000;
  const events = ((await call('GET', '/events?limit=1')).page.total as number) - eventsBefore;
  const invoices = (await call('GET', '/invoices?limit=100')).items.length as number;
  rows.push({
    name: `POST /v1/sandbox/clock/advance ${DAYS} days, ${COMPANIES} companies (monthly bookkeeping, yearly registered agent): until ready`,
    value: round(seconds, 1),
    unit: 's',
    baseline: ADVANCE_GOAL_S,
    baselineName: 'the goal',
    ratio: round(seconds / ADVANCE_GOAL_S),
    note: `${events} events recorded (renewals bill without one; reminders, invoices, sandbox_clock.ready), ${invoices} invoices; load average ${load1.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} after`,
  });

  // 2. What the clock costs a request: a live key reads none; a test key reads it beside its key.
  const [getMe, createCompany] = await Promise.all([
    import('../functions/api/get-me').then((m) => m.handler as LambdaHandler),
    import('../functions/api/create-company').then((m) => m.handler as LambdaHandler),
  ]);
  const invoke = async (handler: LambdaHandler, event: APIGatewayProxyEvent, status: number) => {
    const res = await handler(event, lambdaContext('bench'));
    if (res.statusCode !== status) throw new Error(`${event.httpMethod} ${event.path}: ${res.statusCode} ${res.body}`);
  };
  const bareGet = () => db().send(new GetCommand({ TableName: tableName(), Key: partnerKey(partner.id) }));
  const inTurnsWithGetItem = async (name: string, times: number, request: () => Promise<void>, note: string) => {
    const [timed, bare] = await timeInTurns(times, request, bareGet);
    rows.push({
      name: `${name} p50 (handler invoked as Lambda does)`,
      value: round(percentile(timed, 50)),
      unit: 'ms',
      baseline: round(percentile(bare, 50)),
      baselineName: 'bare GetItem p50, in turns',
      ratio: round(percentile(timed, 50) / percentile(bare, 50)),
      note,
    });
  };
  for (const [name, key] of [
    ['live key', live.secret],
    ['test key', test.secret],
  ] as const) {
    const note = name === 'live key' ? 'reads no clock' : 'reads its sandbox clock beside the key';
    await inTurnsWithGetItem(
      `GET /v1/me, ${name},`,
      300,
      () => invoke(getMe, keyedProxyEvent({ method: 'GET', path: '/v1/me', key }), 200),
      note,
    );
    await inTurnsWithGetItem(
      `POST /v1/companies, ${name},`,
      60,
      () => invoke(createCompany, keyedProxyEvent({ method: 'POST', path: '/v1/companies', key, body: newCompany(0) }), 201),
      note,
    );
  }
  return rows;
};
