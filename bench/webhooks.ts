import { Agent, createServer, request } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPartner } from '../lib/partners/partner';
import { createEndpoint, disableEndpoint } from '../lib/webhooks/endpoints';
import { signatureHeaders } from '../lib/webhooks/signing';
import { WriteSet } from '../lib/store/write-set';
import { commit } from '../lib/event-log/commit';
import { tableName } from '../lib/store/client';
import { newId } from '../lib/ids';
import { deliverySettings } from '../lib/webhooks/delivery/delivery-settings';
import { recoverEvents } from '../lib/webhooks/operations/recover-events';
import { percentile, round } from './stats';
import type { Bench, BenchRow } from './types';

const ENDPOINTS = 10;
const EVENTS = 150;
const BARE_POSTS = 1000;
const LATENCY_EVENTS = 40;

async function recordOne(scope: { partnerId: string; mode: 'test' }) {
  const companyId = newId('company');
  const [c] = await commit(
    new WriteSet(scope, tableName()).recordEvent({
      type: 'company.updated',
      companyId,
      resource: { object: 'company', id: companyId },
      previous: {},
    }),
  );
  return c.event;
}

/**
 * Webhook delivery, against the bench's local stack:
 * - deliveries per second through the local pipeline's lanes (FIFO stand-in → signer → a receiver on
 *   127.0.0.1): 150 logged events recovered onto 10 endpoint lanes at once, beside a bare loop of
 *   signed POSTs to the same receiver (goal: ratio ≥ 0.5);
 * - event → first attempt latency through the whole pipeline (stream poller → fan-out → hold →
 *   signer) at one event per 100 ms, p50 / p99 (goal: the 2 s hold + ≤ 1 s);
 * - the signing cost per delivery (v1 + v1a) beside v1 alone.
 */
export const webhooksBench: Bench = async () => {
  const arrivals = new Map<string, number>();
  let received = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      const now = Date.now();
      received++;
      firstAt ||= now;
      lastAt = now;
      const id = req.headers['webhook-id'] as string | undefined;
      if (id && !arrivals.has(id)) arrivals.set(id, now);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  const rows: BenchRow[] = [];
  try {
    // Signing cost.
    const body = JSON.stringify({
      object: 'event',
      id: newId('event'),
      type: 'company.updated',
      data: { object: { object: 'company', pad: 'x'.repeat(2000) } },
    });
    const keys = { secrets: [`whsec_${randomBytes(24).toString('base64')}`], privateKey: generateKeyPairSync('ed25519').privateKey };
    const timeSigning = (k: typeof keys | { secrets: string[] }, n: number) => {
      const t = performance.now();
      for (let i = 0; i < n; i++) signatureHeaders(k, 'evt_x', 1_800_000_000 + i, body);
      return ((performance.now() - t) / n) * 1000;
    };
    timeSigning(keys, 200);
    const both = timeSigning(keys, 3000);
    const v1 = timeSigning({ secrets: keys.secrets }, 3000);
    rows.push({
      name: 'signing per delivery (v1 + v1a, 2 KiB body)',
      value: round(both, 1),
      unit: 'µs',
      baseline: round(v1, 1),
      baselineName: 'v1 only',
      ratio: round(both / v1),
    });

    // The bare loop: sign and POST, one after another, keep-alive.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const headers = signatureHeaders(keys, `evt_bare${i}`, Math.floor(Date.now() / 1000), body);
        const req = request(
          url,
          { method: 'POST', agent, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (res) => {
            res.resume().on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    for (let i = 0; i < 50; i++) await post(i);
    const bareStart = performance.now();
    for (let i = 0; i < BARE_POSTS; i++) await post(i);
    const bareRate = BARE_POSTS / ((performance.now() - bareStart) / 1000);
    agent.destroy();

    // Throughput of the delivery lanes: the log holds the events first, then every endpoint recovers
    // them at once (one FIFO group each), so the figure is the signer's pace, not the event writer's.
    const partner = await createPartner({ name: 'Webhook bench', ownerEmail: 'owner@webhook-bench.test' });
    const scope = { partnerId: partner.id, mode: 'test' as const };
    const since = new Date().toISOString();
    for (let i = 0; i < EVENTS; i++) await recordOne(scope);
    const endpoints = [];
    for (let i = 0; i < ENDPOINTS; i++) endpoints.push((await createEndpoint({ partnerId: partner.id, mode: 'test', url })).endpoint);
    received = 0;
    firstAt = 0;
    const expected = ENDPOINTS * EVENTS;
    for (const e of endpoints) await recoverEvents(partner.id, e.id, since);
    const deadline = Date.now() + 180_000;
    while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const pipelineRate = (received - 1) / Math.max(0.001, (lastAt - firstAt) / 1000);
    rows.push({
      name: `deliveries/s through the local pipeline (${ENDPOINTS} endpoint lanes × ${EVENTS} events)`,
      value: round(pipelineRate, 0),
      unit: '/s',
      baseline: round(bareRate, 0),
      baselineName: 'bare loop of signed POSTs',
      ratio: round(pipelineRate / bareRate),
      note: received < expected ? `only ${received} of ${expected} arrived in 180 s` : 'goal ≥ 0.5',
    });
    for (const e of endpoints) await disableEndpoint(partner.id, e.id, 'manual');

    // Latency at a steady trickle: one event every 100 ms through stream → fan-out → hold → signer.
    const trickle = await createEndpoint({ partnerId: partner.id, mode: 'test', url });
    arrivals.clear();
    const created = new Map<string, number>();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const event = await recordOne(scope);
      created.set(event.id, Date.parse(event.created_at));
      await new Promise((r) => setTimeout(r, 100));
    }
    const until = Date.now() + 60_000;
    while ([...created.keys()].some((id) => !arrivals.has(id)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const latencies = [...created].filter(([id]) => arrivals.has(id)).map(([id, at]) => arrivals.get(id)! - at);
    const hold = deliverySettings().holdMs;
    rows.push({
      name: 'event → first attempt p50',
      value: round(percentile(latencies, 50), 0),
      unit: 'ms',
      note: `${latencies.length} events; goal: hold (${hold} ms) + ≤ 1000 ms`,
    });
    rows.push({
      name: 'event → first attempt p99',
      value: round(percentile(latencies, 99), 0),
      unit: 'ms',
      note: `goal: hold (${hold} ms) + ≤ 1000 ms`,
    });
    await disableEndpoint(partner.id, trickle.endpoint.id, 'manual');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
  return rows;
};
