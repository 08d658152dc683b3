import { Agent, createServer, request } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPartner } from '../lib/partners/partner';
import { createEndpoint, disableEndpoint } from '../lib/webhooks/endpoints';
import { signatureHeaders } from '../lib/webhooks/signing';
import { WriteSet } from '../lib/store/write-set';
import { commit } from '../lib/store/commit';
import { tableName } from '../lib/store/client';
import { newId } from '../lib/ids';
import { deliverySettings } from '../lib/webhooks/delivery/delivery-settings';
import { percentile, round } from './stats';
import type { Bench, BenchRow } from './types';

const ENDPOINTS = 10;
const EVENTS = 150;
const BARE_POSTS = 1000;

/**
 * Webhook delivery (issue 7), against the bench's local stack:
 * - deliveries per second through the whole local pipeline (stream poller → fan-out → FIFO lanes →
 *   signer → a receiver on 127.0.0.1), 10 endpoints × 150 events, beside a bare loop of signed POSTs
 *   to the same receiver (goal: ratio ≥ 0.5);
 * - event → first attempt latency, p50 / p99 (goal: the 2 s hold + ≤ 1 s);
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
    const body = JSON.stringify({ object: 'event', id: newId('event'), type: 'company.updated', data: { object: { object: 'company', pad: 'x'.repeat(2000) } } });
    const keys = { secrets: [`whsec_${randomBytes(24).toString('base64')}`], privateKey: generateKeyPairSync('ed25519').privateKey };
    const timeSigning = (k: typeof keys | { secrets: string[] }, n: number) => {
      const t = performance.now();
      for (let i = 0; i < n; i++) signatureHeaders(k, 'evt_x', 1_800_000_000 + i, body);
      return ((performance.now() - t) / n) * 1000;
    };
    timeSigning(keys, 200);
    const both = timeSigning(keys, 3000);
    const v1 = timeSigning({ secrets: keys.secrets }, 3000);
    rows.push({ name: 'signing per delivery (v1 + v1a, 2 KiB body)', value: round(both, 1), unit: 'µs', baseline: round(v1, 1), baselineName: 'v1 only', ratio: round(both / v1) });

    // The bare loop: sign and POST, one after another, keep-alive.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const headers = signatureHeaders(keys, `evt_bare${i}`, Math.floor(Date.now() / 1000), body);
        const req = request(url, { method: 'POST', agent, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
          res.resume().on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    for (let i = 0; i < 50; i++) await post(i);
    const bareStart = performance.now();
    for (let i = 0; i < BARE_POSTS; i++) await post(i);
    const bareRate = BARE_POSTS / ((performance.now() - bareStart) / 1000);
    agent.destroy();

    // The pipeline.
    const partner = await createPartner({ name: 'Webhook bench', ownerEmail: 'owner@webhook-bench.test' });
    const scope = { partnerId: partner.id, mode: 'test' as const };
    const endpoints = [];
    for (let i = 0; i < ENDPOINTS; i++) endpoints.push((await createEndpoint({ partnerId: partner.id, mode: 'test', url })).endpoint);
    received = 0;
    firstAt = 0;
    arrivals.clear();
    const created = new Map<string, number>();
    for (let i = 0; i < EVENTS; i++) {
      const companyId = newId('company');
      const [c] = await commit(new WriteSet(scope, tableName()).recordEvent({ type: 'company.updated', companyId, resource: { object: 'company', id: companyId } }));
      created.set(c.event.id, Date.parse(c.event.created_at));
    }
    const expected = ENDPOINTS * EVENTS;
    const deadline = Date.now() + 180_000;
    while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const pipelineRate = (received - 1) / Math.max(0.001, (lastAt - firstAt) / 1000);
    rows.push({
      name: `deliveries/s through the local pipeline (${ENDPOINTS} endpoints × ${EVENTS} events)`,
      value: round(pipelineRate, 0),
      unit: '/s',
      baseline: round(bareRate, 0),
      baselineName: 'bare loop of signed POSTs',
      ratio: round(pipelineRate / bareRate),
      note: received < expected ? `only ${received} of ${expected} arrived in 180 s` : 'goal ≥ 0.5',
    });
    const latencies = [...arrivals].map(([id, at]) => at - (created.get(id) ?? at)).filter((ms) => ms > 0);
    const hold = deliverySettings().holdMs;
    rows.push({ name: 'event → first attempt p50', value: round(percentile(latencies, 50), 0), unit: 'ms', note: `goal: hold (${hold} ms) + ≤ 1000 ms` });
    rows.push({ name: 'event → first attempt p99', value: round(percentile(latencies, 99), 0), unit: 'ms', note: `goal: hold (${hold} ms) + ≤ 1000 ms` });
    for (const e of endpoints) await disableEndpoint(partner.id, e.id, 'manual');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
  return rows;
};
