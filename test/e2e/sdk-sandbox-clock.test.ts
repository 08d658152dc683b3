import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PartnerApi, SandboxClockTimeoutError } from '../../sdk/node/src/index';
import { toolsFromDocument } from '../../sdk/node/src/mcp/tools';
import { useStackDatabase } from '../support/stack';
import { aFreshPartner } from '../support/partners';
import { anLlc } from '../support/companies';

/**
 * The SDK's sandbox clock (`client.sandbox.clock`) against the embedded default, and the MCP server's
 * clock tools, offered to test keys only.
 */
const c = useStackDatabase();
const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));
const DAY = 86_400_000;

it('client.sandbox.clock.advance({ to }) and advanceAndWait: the clock at `to`, the month closed on the way', async () => {
  const p = await aFreshPartner();
  const client = new PartnerApi({ apiKey: p.testKey, baseUrl: c.base_url });
  const company = await client.createCompany({ body: anLlc() as never });
  const before = await client.sandbox.clock.get();
  expect(before).toMatchObject({ object: 'sandbox_clock', livemode: false, status: 'ready', advancing_to: null });
  const to = new Date(Date.parse(before.now) + 40 * DAY);
  const ready = await client.sandbox.clock.advanceAndWait({ to }, { pollMs: 100, timeoutMs: 60_000 });
  expect(ready).toEqual({ object: 'sandbox_clock', livemode: false, now: expect.any(String), status: 'ready', advancing_to: null });
  // At `to`, and running on from there in real time.
  expect(Date.parse(ready.now)).toBeGreaterThanOrEqual(to.getTime());
  expect(Date.parse(ready.now)).toBeLessThan(to.getTime() + 60_000);
  const invoices = await client.listInvoices();
  expect(invoices.items.length).toBeGreaterThanOrEqual(1);
  const events = [];
  for await (const e of client.events.list({ company_id: company.id })) events.push(e);
  expect(events.length).toBeGreaterThan(0);

  // advance answers at once, advancing; a second one while it runs is a ConflictError with the envelope.
  const advancing = await client.sandbox.clock.advance({ to: new Date(to.getTime() + 300 * DAY).toISOString() });
  expect(advancing.status).toBe('advancing');
  await expect(client.sandbox.clock.waitUntilReady({ pollMs: 100, timeoutMs: 60_000 })).resolves.toMatchObject({ status: 'ready' });
});

it('waitUntilReady gives up after its timeout with the clock as it stood', async () => {
  const calls = { n: 0 };
  const client = new PartnerApi({
    apiKey: 'svc_test_x',
    baseUrl: 'http://127.0.0.1:9/v1',
    fetch: async () => {
      calls.n++;
      return new Response(
        JSON.stringify({
          object: 'sandbox_clock',
          livemode: false,
          now: '2027-01-01T00:00:00.000Z',
          status: 'advancing',
          advancing_to: '2027-06-01T00:00:00.000Z',
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    },
  });
  const error = await client.sandbox.clock.waitUntilReady({ pollMs: 1, timeoutMs: 20 }).catch((e) => e);
  expect(error).toBeInstanceOf(SandboxClockTimeoutError);
  expect(error.clock.advancing_to).toBe('2027-06-01T00:00:00.000Z');
  expect(calls.n).toBeGreaterThan(1);
});

it('the MCP server offers the clock’s tools to a test key only', () => {
  const test = toolsFromDocument(doc, { sandbox: true }).map((t) => t.name);
  const live = toolsFromDocument(doc, { sandbox: false }).map((t) => t.name);
  expect(test).toEqual(expect.arrayContaining(['getSandboxClock', 'advanceSandboxClock']));
  expect(live).not.toContain('getSandboxClock');
  expect(live).not.toContain('advanceSandboxClock');
  const advance = toolsFromDocument(doc, { sandbox: true }).find((t) => t.name === 'advanceSandboxClock')!;
  expect(advance.inputSchema.required).toContain('body');
  expect(advance.inputSchema.properties.body.properties.to).toBeDefined();
});
