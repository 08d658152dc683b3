import { api, type HttpResult } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { sessionFor } from '../support/dashboard';
import { aFreshPartner } from '../support/partners';
import { anLlc, createCompany } from '../support/companies';
import { DASHBOARD_POLL_MS, eventually, WAIT_MS, recordEvents, startReceiver } from '../support/webhooks';

/**
 * The dashboard after a sandbox clock advance: a test-mode event is dated by the
 * test clock, months ahead of real time, while its delivery attempts are stamped in real time. The
 * event's page still lists the attempts the endpoint's page shows, and the overview's newest events
 * keep each mode to itself, so a brand-new live event is not buried under test events dated ahead.
 * A partner of this file alone, over HTTP against the embedded default.
 */
const c = useStackDatabase();
// Endpoints made here seal their secrets with the stack's local key, so its signer can read them.
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;
jest.setTimeout(180_000);

const DAY = 86_400_000;
let partnerId = '';
let testKey = '';
let session = '';
const receivers: { close(): Promise<void> }[] = [];

const face = (method: string, path: string, body?: unknown): Promise<HttpResult> =>
  api(undefined, { Authorization: `Bearer ${session}` }).send(method, `${c.dashboard_url}/api${path}`, body);

beforeAll(async () => {
  ({ partnerId, testKey } = await aFreshPartner());
  session = (await sessionFor(partnerId)).token;
  // Thirty days ahead of real time: every later test-mode stamp reads the test clock.
  const to = new Date(Date.now() + 30 * DAY).toISOString();
  expect((await api(testKey).post('/sandbox/clock/advance', { to })).status).toBe(202);
  await eventually(async () => (await api(testKey).get('/sandbox/clock')).body.status === 'ready', 90_000, 'the advance', 200);
});

afterAll(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

it('lists on an event page, dated ahead by the test clock, the attempts its endpoint page shows', async () => {
  const r = await startReceiver((_d, i) => ({ status: i === 0 ? 500 : 200 }));
  receivers.push(r);
  const made = await face('POST', '/webhook-endpoints', { url: r.url, livemode: false, enabled_events: ['company.created'] });
  expect(made.status).toBe(201);
  const company = await createCompany(testKey, anLlc());
  const event = (await api(testKey).get(`/events?company_id=${company.id}&type=company.created`)).body.items[0];
  // Dated by the test clock, well after every attempt made of it.
  expect(Date.parse(event.created_at)).toBeGreaterThan(Date.now() + 29 * DAY);
  await eventually(() => r.deliveries.length >= 2, 60_000, 'a failure, then the success');

  const endpointPage = await eventually(
    async () => {
      const res = await face('GET', `/webhook-endpoints/${made.body.id}/attempts`);
      const ofEvent = res.body.items?.filter((a: { event_id: string }) => a.event_id === event.id);
      return ofEvent?.length === 2 && ofEvent;
    },
    WAIT_MS,
    'both attempts on the endpoint page',
    DASHBOARD_POLL_MS,
  );
  const eventPage = await face('GET', `/events/${event.id}`);
  expect(eventPage.status).toBe(200);
  expect(eventPage.body.deliveries).toHaveLength(1);
  expect(eventPage.body.deliveries[0]).toMatchObject({ endpoint_id: made.body.id, url: r.url });
  expect(eventPage.body.deliveries[0].attempts).toEqual(endpointPage);
  expect(eventPage.body.deliveries[0].attempts.map((a: { attempt: number; outcome: string }) => [a.attempt, a.outcome])).toEqual([
    [2, 'succeeded'],
    [1, 'failed'],
  ]);
});

it('shows a new live event on the overview above nothing of the test mode dated ahead', async () => {
  // More test events dated ahead than the overview shows, then one live event, recorded last.
  for (let i = 0; i < 2; i++) await createCompany(testKey, anLlc());
  const [live] = await recordEvents({ partnerId, mode: 'live' }, 1, 'company.created');
  const res = await fetch(`${new URL(c.dashboard_url).origin}/dashboard`, { headers: { Cookie: `dash_session=${session}` } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const table = (mode: string) => new RegExp(`<table[^>]*data-mode="${mode}"[\\s\\S]*?</table>`).exec(html)?.[0] ?? '';
  expect(table('live')).toContain(`data-event="${live.id}"`);
  expect(table('live')).not.toContain('badge test');
  const testRows = [...table('test').matchAll(/data-event="(evt_\w+)"/g)].map((m) => m[1]);
  expect(testRows).toHaveLength(5);
  expect(testRows).not.toContain(live.id);
  expect(html).toMatch(/<h3 id="newest-live">Live mode/);
  expect(html).toMatch(/<h3 id="newest-test">Test mode/);
});
