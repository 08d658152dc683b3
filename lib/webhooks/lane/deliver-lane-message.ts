import { eventItemById } from '../../event-log/event-reads';
import type { Scope } from '../../scope';
import { logger } from '../../observability/logger';
import type { Logger } from '@aws-lambda-powertools/logger';
import { endpointById, type WebhookEndpoint } from '../endpoints';
import { endpointWantsEvent } from '../delivery/endpoint-wants-event';
import { deliverySettings } from '../delivery/delivery-settings';
import { countMetric } from '../delivery-metrics';
import { attemptDelivery } from './attempt-delivery';
import { gapEvents, toLogEvent, type LogEvent } from './gap-events';
import type { LaneMessage, LaneOutcome } from './lane-message';
import { advance, emptyLane, readLane, type LaneState } from './lane-state';
import { LaneWrites } from './lane-writes';
import { machineMs } from '../../clock';

/** How long to wait when the log's index has not caught up with a gap (no attempt is spent). */
const INDEX_CATCH_UP_SECONDS = 1;

/**
 * Handles one message of an endpoint's FIFO lane (spec, Delivery rules). The message wakes the lane;
 * the lane's cursor and the event log decide what to send: every event after the cursor that the
 * endpoint takes, in `seq_all` order (= `created_at` order), up to and including the message's event.
 * A failure stops the lane there: the message is retried after the backoff and the FIFO group keeps
 * every later message of this endpoint behind it (rule 4).
 *
 * `deadlineMs` (wall clock) leaves room to finish before the Lambda times out: work left over is
 * picked up by the same message at once.
 */
export async function deliverLaneMessage(
  message: LaneMessage,
  context: { messageId: string; deadlineMs: number; batch?: LaneBatchCache; writes?: LaneWrites },
): Promise<LaneOutcome> {
  const scope: Scope = { partnerId: message.partner_id, mode: message.mode };
  const log = logger.createChild({ persistentKeys: { endpoint_id: message.endpoint_id, event_id: message.event_id } });
  // Within one batch the group's lane is ours alone (one batch per group in flight): read it once.
  // The endpoint and the lane are independent items: both read at once (one round trip of wait).
  const cached = context.batch?.get(message.endpoint_id);
  const [endpoint, lane] = cached
    ? [cached.endpoint, cached.lane]
    : await Promise.all([
        endpointById(message.partner_id, message.endpoint_id),
        readLane(message.endpoint_id).then((l) => l ?? emptyLane(message.endpoint_id)),
      ]);
  context.batch?.set(message.endpoint_id, { endpoint, lane });
  const writes = context.writes ?? new LaneWrites(false);
  try {
    return await deliverOnLane(message, context, scope, log, endpoint, lane, writes);
  } finally {
    // A lane paused during this message (410, failing for days) re-reads its endpoint next time.
    if (lane.paused) context.batch?.delete(message.endpoint_id);
  }
}

/** Endpoint and lane of each group already read in this batch. */
export type LaneBatchCache = Map<string, { endpoint: WebhookEndpoint | undefined; lane: LaneState }>;

async function deliverOnLane(
  message: LaneMessage,
  context: { messageId: string; deadlineMs: number },
  scope: Scope,
  log: Logger,
  endpoint: WebhookEndpoint | undefined,
  lane: LaneState,
  writes: LaneWrites,
): Promise<LaneOutcome> {
  if (endpoint?.status !== 'enabled' || endpoint.mode !== message.mode) {
    // Rule 6/7: a disabled (or deleted) endpoint's queued deliveries are cancelled; the events stay in
    // GET /events and `recover` sends them again after re-enabling. A deleted endpoint keeps no cursor
    // (its delete removed it), so nothing is written for it.
    if (message.kind === 'event') advance(lane, message.seq, message.created_at);
    lane.paused = true;
    if (endpoint) await writes.lane(lane);
    countMetric('DeliveriesCancelled');
    log.info('delivery cancelled: endpoint not enabled');
    return { kind: 'done' };
  }

  const own: LogEvent | undefined =
    message.payload !== undefined && message.type
      ? { event_id: message.event_id, seq: message.seq, created_at: message.created_at, type: message.type, payload: message.payload }
      : await readEvent(scope, message.event_id);
  if (!own) {
    log.error('event of a lane message is not in the log');
    return { kind: 'done' };
  }

  let work: { key: string; event: LogEvent; advances: boolean }[];
  let changed = false;
  if (message.kind === 'resend') {
    work = [{ key: `resend:${message.resend_id ?? context.messageId}`, event: own, advances: false }];
  } else {
    if (lane.last_seq !== undefined && message.seq <= lane.last_seq) return { kind: 'done' }; // delivered or given up already
    const gap = await gapEvents(scope, endpoint, lane, message.seq, message.created_at);
    if (!gap.complete) return { kind: 'retry', afterSeconds: INDEX_CATCH_UP_SECONDS, counted: false };
    changed = lane.paused === true;
    lane.paused = false;
    work = gap.events.map((event) => ({ key: `seq:${event.seq}`, event, advances: true }));
    if (endpointWantsEvent(endpoint, own)) work.push({ key: `seq:${own.seq}`, event: own, advances: true });
    else {
      advance(lane, own.seq, own.created_at); // the filter changed since the fan-out
      changed = true;
    }
  }

  const settings = deliverySettings();
  for (const item of work) {
    if (machineMs() > context.deadlineMs - settings.timeoutMs - 2000) {
      await writes.lane(lane);
      return { kind: 'retry', afterSeconds: 0, counted: false };
    }
    const outcome = await attemptDelivery({ endpoint, lane, item, settings, log, writes });
    if (outcome.kind !== 'done') return outcome;
    if (lane.paused) return { kind: 'done' }; // disabled during this delivery (410, failing for days)
  }
  // Every attempt saved the lane; only a lane changed without one is saved here.
  if (changed && work.length === 0) await writes.lane(lane);
  return { kind: 'done' };
}

async function readEvent(scope: Scope, eventId: string): Promise<LogEvent | undefined> {
  const item = await eventItemById(scope, eventId);
  return item ? toLogEvent(item) : undefined;
}
