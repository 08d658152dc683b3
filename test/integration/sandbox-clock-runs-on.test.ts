import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anLlc } from '../support/companies';
import { keyedProxyEvent, lambdaContext } from '../../infra/local/proxy-event';
import { setClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { Scope } from '../../lib/scope';
import { WriteSet } from '../../lib/store/write-set';
import { tableName } from '../../lib/store/client';
import { commit } from '../../lib/event-log/commit';
import { addAdvanceStart, readSandboxClock } from '../../lib/store/entities/sandbox-clock';
import { runAdvanceStep } from '../../lib/sandbox-clock/advance-clock';
import { handler as createCompany } from '../../functions/api/create-company';
import { handler as getCompany } from '../../functions/api/get-company';
import { handler as getClock } from '../../functions/api/sandbox/get-clock';
import { handler as updateIdentity } from '../../functions/api/sandbox/update-company-identity';
import { handler as listEvents } from '../../functions/api/list-events';

/**
 * After an advance the test mode's clock runs on in real time from where it was moved to (an offset,
 * not a frozen instant), and a conditional fetch never answers 304 after a change, whatever the clock
 * does (docs/decisions.md, "The sandbox clock"). Real time is the project's settable clock
 * (lib/clock.ts), moved by the test instead of waited for.
 */
useStackDatabase();

const DAY = 86_400_000;
let realMs = Date.now();
let restore: () => void;
beforeAll(() => {
  restore = setClock(() => new Date(realMs));
});
afterAll(() => restore());

const call = async (
  handler: (e: any, c: any) => Promise<any>,
  key: string,
  method: string,
  path: string,
  options: { pathParameters?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
) => {
  const res = await handler(keyedProxyEvent({ method, path, key, ...options }), lambdaContext('test'));
  return {
    status: res.statusCode as number,
    headers: res.headers as Record<string, string>,
    body: res.body ? JSON.parse(res.body) : undefined,
  };
};

/** An advance of `days`, its steps run here until it is done (as the queue's worker runs them). */
async function advanceBy(scope: Scope, days: number): Promise<string> {
  const clock = await readSandboxClock(scope);
  const from = clock ? Date.parse(clock.now) : realMs;
  const to = new Date(from + days * DAY).toISOString();
  const at = new Date(from).toISOString();
  const id = newId('request').slice(4, 20);
  const ws = new WriteSet(scope, tableName());
  const record = { now: at, status: 'advancing' as const, advance_id: id, advance_from: at, advance_to: to };
  addAdvanceStart(ws, scope, { ...record, advance_started_at: at, advance_stepped_at: at, advance_steps: 0 }, undefined);
  await commit(ws);
  for (let i = 0; i < 100; i++) if ((await runAdvanceStep(scope, id)) === 'done') return to;
  throw new Error('the advance did not finish');
}

it('runs on from the target after an advance: writes a second apart are stamped a second apart, and no 304 hides a change', async () => {
  const p = await aFreshPartner();
  const scope: Scope = { partnerId: p.partnerId, mode: 'test' };
  const created = await call(createCompany, p.testKey, 'POST', '/v1/companies', { body: anLlc({ industry: 'software' }) });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const companyPath = { pathParameters: { companyID: id } };

  const to = await advanceBy(scope, 365);
  const toMs = Date.parse(to);

  // The clock reads the target, then runs on: a second of real time later it reads a second later.
  expect((await call(getClock, p.testKey, 'GET', '/v1/sandbox/clock')).body.now).toBe(to);
  realMs += 1000;
  expect((await call(getClock, p.testKey, 'GET', '/v1/sandbox/clock')).body.now).toBe(new Date(toMs + 1000).toISOString());

  // Two changes a second apart: distinct, increasing times on the company and on its events.
  const update = (industry: string) =>
    call(updateIdentity, p.testKey, 'POST', `/v1/sandbox/companies/${id}/update`, { ...companyPath, body: { industry } });
  const first = await update('consulting');
  realMs += 1000;
  const second = await update('design');
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(first.body.updated_at).toBe(new Date(toMs + 1000).toISOString());
  expect(second.body.updated_at).toBe(new Date(toMs + 2000).toISOString());
  const events = await call(listEvents, p.testKey, 'GET', `/v1/events?company_id=${id}&type=company.updated&sort=created_at`);
  expect(events.status).toBe(200);
  expect(events.body.items.map((e: { created_at: string }) => e.created_at)).toEqual([first.body.updated_at, second.body.updated_at]);

  // A conditional fetch: 304 while nothing changed, 200 once a change lands, even within the same second.
  realMs += 200;
  const fetched = await call(getCompany, p.testKey, 'GET', `/v1/companies/${id}`, companyPath);
  expect(fetched.status).toBe(200);
  const since = fetched.headers['Last-Modified'];
  expect(since).toBe(new Date(toMs + 2000).toUTCString());
  const conditional = () =>
    call(getCompany, p.testKey, 'GET', `/v1/companies/${id}`, { ...companyPath, headers: { 'If-Modified-Since': since } });
  expect((await conditional()).status).toBe(304);
  realMs += 300; // still the same second as the change before
  expect((await update('education')).status).toBe(200);
  const after = await conditional();
  expect(after.status).toBe(200);
  expect(after.body.industry).toBe('education');
  expect(Date.parse(after.headers['Last-Modified'])).toBeGreaterThan(Date.parse(since));

  // The clock stood still? Changes at one instant still move Last-Modified on, each past the last.
  const frozen = realMs;
  const stamps: string[] = [];
  for (const industry of ['food', 'legal', 'retail_wholesale']) {
    expect((await update(industry)).status).toBe(200);
    stamps.push((await call(getCompany, p.testKey, 'GET', `/v1/companies/${id}`, companyPath)).headers['Last-Modified']);
    expect(realMs).toBe(frozen);
  }
  expect(new Set(stamps).size).toBe(3);
});
