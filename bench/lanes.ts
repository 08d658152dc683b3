import { wrapSends, unwrapSends } from '../lib/aws/send-wrapper';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { handler as deliver } from '../functions/webhooks/deliver';
import { startFifoLaneShards } from '../infra/local/fifo-lanes';
import { localLaneQueueNames } from '../infra/local/webhook-pipeline';
import { commit } from '../lib/event-log/commit';
import { newId } from '../lib/ids';
import { createPartner } from '../lib/partners/partner';
import { db, tableName } from '../lib/store/client';
import { WriteSet } from '../lib/store/write-set';
import { deliverySettings } from '../lib/webhooks/delivery/delivery-settings';
import { createEndpoint, disableEndpoint } from '../lib/webhooks/endpoints';
import { recoverEvents } from '../lib/webhooks/operations/recover-events';
import { resetSqsClient } from '../lib/webhooks/queue/delivery-queue';
import { laneShardOf } from '../lib/webhooks/lane-shards';
import { percentile, round } from './stats';
import type { Bench, BenchRow } from './types';

/** The isolation run: endpoints of one partner, so every event fans out to all of them. */
const FAST = 24;
const SLOW = 3; // a tenth of the 30
const FAILING = 2;
const TIMING_OUT = 1;
const SLOW_MS = 4000;
const EVENTS = 60;
const EVENT_GAP_MS = 200;
/** The throughput run: a receiver with a fixed latency (docs/capacity.md's model), more lanes than slots. */
const THROUGHPUT_ENDPOINTS = 96;
const THROUGHPUT_EVENTS = 8;
const RECEIVER_MS = 200;
const SHARDS = 4;
const CONCURRENCY_PER_SHARD = 16;

type Behaviour = 'fast' | 'slow' | 'fail' | 'hang' | 'timed';

/** One receiver for every endpoint of the bench: the path says how it behaves; acknowledgements are timed. */
async function startReceiver() {
  const acks = new Map<string, number>();
  let answered = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const behaviour = (req.url ?? '').split('/')[1] as Behaviour;
    req.resume().on('end', () => {
      const ack = () => {
        res.writeHead(204).end();
        const t = Date.now();
        answered++;
        firstAt ||= t;
        lastAt = t;
        const key = `${req.url}|${req.headers['webhook-id']}`;
        if (!acks.has(key)) acks.set(key, t);
      };
      if (behaviour === 'fast') ack();
      else if (behaviour === 'slow') setTimeout(ack, SLOW_MS).unref();
      else if (behaviour === 'timed') setTimeout(ack, RECEIVER_MS).unref();
      else if (behaviour === 'fail') res.writeHead(500).end();
      // 'hang': never answers; the signer's timeout ends the attempt.
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: (behaviour: Behaviour, n: number) => `${base}/${behaviour}/${n}`,
    acks,
    rate: () => ({ answered, perSecond: (answered - 1) / Math.max(0.001, (lastAt - firstAt) / 1000) }),
    reset: () => {
      answered = 0;
      firstAt = 0;
      lastAt = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

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
 * DynamoDB work counted on the process's one client while `counting` is on, by the partition prefix of
 * the items written (`WHL#` lane cursor, `WHA#` attempt, …). The stand-in's own queue items (`LQ#`) and
 * stream checkpoints (`LSTREAM#`) are the embedded default's, not the delivery's: SQS and Lambda hold
 * that state in AWS, so they are counted apart.
 */
function writeCounter() {
  const items = new Map<string, { items: number; wcu: number }>();
  const requests = new Map<string, number>();
  let counting = false;
  const add = (item: Record<string, unknown> | undefined) => {
    const pk = String(item?.pk ?? '?');
    const prefix = pk.includes('#') ? `${pk.split('#')[0]}#` : pk;
    const bytes = Buffer.byteLength(JSON.stringify(item ?? {}));
    const entry = items.get(prefix) ?? { items: 0, wcu: 0 };
    entry.items++;
    entry.wcu += Math.max(1, Math.ceil(bytes / 1024));
    items.set(prefix, entry);
  };
  wrapSends(db(), 'benchLaneWriteCounter', (command, next) => {
    if (counting) {
      const name = command.operation;
      const input = command.input as any;
      let local = false;
      if (name === 'PutItem') add(input.Item as Record<string, unknown>);
      else if (name === 'UpdateItem' || name === 'DeleteItem') add(input.Key);
      else if (name === 'BatchWriteItem')
        for (const list of Object.values(input.RequestItems ?? {}) as Record<string, Record<string, unknown>>[][])
          for (const r of list) add((r.PutRequest?.Item ?? r.DeleteRequest?.Key) as Record<string, unknown>);
      else if (name === 'TransactWriteItems')
        for (const t of input.TransactItems ?? [])
          add((t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key ?? t.ConditionCheck?.Key) as Record<string, unknown>);
      if (name === 'PutItem' || name === 'UpdateItem' || name === 'DeleteItem')
        local = /^(LQ|LSTREAM)#/.test(String((input.Item ?? input.Key)?.pk));
      if (!local) requests.set(name, (requests.get(name) ?? 0) + 1);
    }
    return next();
  });
  return {
    start: () => {
      items.clear();
      requests.clear();
      counting = true;
    },
    stop: () => {
      counting = false;
    },
    /**
     * Items and WCU written to delivery state (the lane cursor `WHL#`, the attempt `WHA#`), and every
     * item written meanwhile by partition prefix (the event's own, the stand-in's), and the requests.
     */
    delivery: () => {
      const of = [...items].filter(([p]) => p === 'WHL#' || p === 'WHA#');
      return {
        items: of.reduce((a, [, v]) => a + v.items, 0),
        wcu: of.reduce((a, [, v]) => a + v.wcu, 0),
        breakdown: [...items].map(([p, v]) => `${p} ${v.items}`).join(', '),
        requests: [...requests].map(([n, v]) => `${n} ${v}`).join(', '),
      };
    },
    remove: () => unwrapSends(db(), 'benchLaneWriteCounter'),
  };
}

/**
 * Sharded delivery lanes on the embedded default (docs/capacity.md, "Delivery"):
 * - isolation: event → acknowledgement of fast endpoints while a tenth of the endpoints are slow
 *   (4 s), two fail (500) and one never answers (the signer's timeout), beside the same fast endpoints
 *   alone: p50/p99 and their ratio (goal ≤ 1.2), through the whole pipeline (stream → fan-out → lane
 *   shards → signer), on the runtime's own shards;
 * - deliveries/s with 1 and with 4 shards, receivers answering in 200 ms and more lanes than one
 *   shard has slots (the regime of the capacity model: lanes in flight / receiver latency);
 * - DynamoDB items written per delivery, counted on the client, in the steady trickle and in a backlog.
 */
export const lanesBench: Bench = async () => {
  const receiver = await startReceiver();
  const counter = writeCounter();
  const rows: BenchRow[] = [];
  try {
    // Throughput first, while the runtime's own lanes are idle: the signer and the senders use the bench's shards meanwhile.
    const throughput = async (shards: number) => {
      const partner = await createPartner({ name: `Lanes bench ${shards}`, ownerEmail: `owner@lanes-${shards}.test` });
      const scope = { partnerId: partner.id, mode: 'test' as const };
      const since = new Date().toISOString();
      for (let i = 0; i < THROUGHPUT_EVENTS; i++) await recordOne(scope);
      // The runtime's fan-out meets these events before any endpoint exists: none is queued twice.
      await sleep(5000);
      const saved = { urls: process.env.WEBHOOK_QUEUE_URLS, endpoint: process.env.SQS_ENDPOINT };
      const lanes = await startFifoLaneShards({
        queueNames: localLaneQueueNames(shards).map((n) => n.replace('webhook-deliveries', `bench-lanes-${shards}`)),
        delayMs: 0,
        visibilityTimeoutSeconds: 960,
        concurrency: CONCURRENCY_PER_SHARD,
        handler: deliver,
      });
      process.env.WEBHOOK_QUEUE_URLS = lanes.queueUrls.join(',');
      process.env.SQS_ENDPOINT = new URL(lanes.queueUrl).origin;
      resetSqsClient();
      try {
        const endpoints: Awaited<ReturnType<typeof createEndpoint>>['endpoint'][] = [];
        for (let i = 0; i < THROUGHPUT_ENDPOINTS; i++)
          endpoints.push((await createEndpoint({ partnerId: partner.id, mode: 'test', url: receiver.url('timed', i) })).endpoint);
        const perShard = Array.from({ length: shards }, (_, s) => endpoints.filter((e) => laneShardOf(e) === s).length);
        receiver.reset();
        if (shards === 1) counter.start();
        for (const e of endpoints) await recoverEvents(partner.id, e.id, since);
        const expected = THROUGHPUT_ENDPOINTS * THROUGHPUT_EVENTS;
        const deadline = Date.now() + 300_000;
        while (receiver.rate().answered < expected && Date.now() < deadline) await sleep(50);
        while (lanes.busy() > 0 && Date.now() < deadline) await sleep(20);
        counter.stop();
        for (const e of endpoints) await disableEndpoint(partner.id, e.id, 'manual');
        return { ...receiver.rate(), expected, perShard };
      } finally {
        await lanes.stop();
        process.env.WEBHOOK_QUEUE_URLS = saved.urls;
        process.env.SQS_ENDPOINT = saved.endpoint;
        resetSqsClient();
      }
    };
    const one = await throughput(1);
    const backlog = counter.delivery();
    const many = await throughput(SHARDS);
    const ideal = (shards: number) => (shards * CONCURRENCY_PER_SHARD * 1000) / RECEIVER_MS;
    rows.push({
      name: `deliveries/s with ${SHARDS} lane shards (${THROUGHPUT_ENDPOINTS} endpoints × ${THROUGHPUT_EVENTS} events, receivers answer in ${RECEIVER_MS} ms)`,
      value: round(many.perSecond, 0),
      unit: '/s',
      baseline: round(one.perSecond, 0),
      baselineName: '1 shard',
      ratio: round(many.perSecond / one.perSecond),
      note: `${CONCURRENCY_PER_SHARD} batches in flight per shard; model ${ideal(1)}/s and ${ideal(SHARDS)}/s; endpoints per shard ${many.perShard.join('/')}${many.answered < many.expected || one.answered < one.expected ? `; only ${one.answered} and ${many.answered} of ${one.expected} arrived` : ''}`,
    });

    // Isolation: the same fast endpoints alone, then with the slow and failing ones beside them.
    const isolation = async (label: string, bad: boolean) => {
      const partner = await createPartner({ name: `Lanes bench ${label}`, ownerEmail: `owner@lanes-${label}.test` });
      const scope = { partnerId: partner.id, mode: 'test' as const };
      const make = async (behaviour: Behaviour, count: number) => {
        const out = [];
        for (let i = 0; i < count; i++)
          out.push((await createEndpoint({ partnerId: partner.id, mode: 'test', url: receiver.url(behaviour, i) })).endpoint);
        return out;
      };
      const fast = await make('fast', FAST);
      const others = bad ? [...(await make('slow', SLOW)), ...(await make('fail', FAILING)), ...(await make('hang', TIMING_OUT))] : [];
      const created = new Map<string, number>();
      if (!bad) counter.start();
      for (let i = 0; i < EVENTS; i++) {
        const event = await recordOne(scope);
        created.set(event.id, Date.parse(event.created_at));
        await sleep(EVENT_GAP_MS);
      }
      const key = (n: number, eventId: string) => `/fast/${n}|${eventId}`;
      const deadline = Date.now() + 120_000;
      while ([...created.keys()].some((id) => fast.some((_, n) => !receiver.acks.has(key(n, id)))) && Date.now() < deadline)
        await sleep(50);
      counter.stop();
      const latencies: number[] = [];
      for (const [id, at] of created)
        for (let n = 0; n < fast.length; n++) {
          const ack = receiver.acks.get(key(n, id));
          if (ack !== undefined) latencies.push(ack - at);
        }
      for (const e of [...fast, ...others]) await disableEndpoint(partner.id, e.id, 'manual');
      for (const k of [...receiver.acks.keys()].filter((k) => k.startsWith('/fast/'))) receiver.acks.delete(k);
      return { latencies, expected: created.size * fast.length };
    };
    const alone = await isolation('alone', false);
    const trickle = counter.delivery();
    const beside = await isolation('beside', true);
    const hold = deliverySettings().holdMs;
    for (const p of [50, 99]) {
      const a = percentile(alone.latencies, p);
      const b = percentile(beside.latencies, p);
      rows.push({
        name: `event → acknowledgement p${p}, ${FAST} fast endpoints beside ${SLOW} slow (${SLOW_MS / 1000} s), ${FAILING} failing, ${TIMING_OUT} timing out`,
        value: round(b, 0),
        unit: 'ms',
        baseline: round(a, 0),
        baselineName: 'the fast endpoints alone',
        ratio: round(b / a),
        note: `goal ≤ 1.2; above the ${hold} ms hold: ${round(b - hold, 0)} vs ${round(a - hold, 0)} ms (${round((b - hold) / (a - hold))}×); ${beside.latencies.length}/${beside.expected} and ${alone.latencies.length}/${alone.expected} acknowledged`,
      });
    }
    const perDelivery = (n: number, of: number) => round(n / Math.max(1, of), 2);
    const trickleDeliveries = alone.latencies.length;
    rows.push({
      name: 'DynamoDB items written per delivery, steady trickle (one event at a time per lane)',
      value: perDelivery(trickle.items, trickleDeliveries),
      unit: 'items',
      note: `lane cursor (WHL#) + attempt (WHA#): ${trickle.wcu} WCU for ${trickleDeliveries} deliveries of ${EVENTS} events; every item written meanwhile: ${trickle.breakdown} (the event's own are the API write's; LQ#/LSTREAM# are the stand-in's, SQS's in AWS); requests: ${trickle.requests}`,
    });
    rows.push({
      name: `DynamoDB items written per delivery, backlog (${THROUGHPUT_EVENTS} queued per lane, batches of up to 10)`,
      value: perDelivery(backlog.items, one.answered),
      unit: 'items',
      note: `lane cursor + attempt: ${backlog.wcu} WCU for ${one.answered} deliveries; every item written meanwhile: ${backlog.breakdown}; requests: ${backlog.requests}`,
    });
  } finally {
    counter.remove();
    await receiver.close();
  }
  return rows;
};
