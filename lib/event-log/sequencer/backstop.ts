import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { setTimeout as sleep } from 'node:timers/promises';
import { tableName } from '../../store/client';
import { scopeKey, type Scope } from '../../scope';
import { PENDING_EVENT_ENTITY } from '../../store/table-definition';
import { workIsStopping } from '../../store/deadline';
import { logger } from '../../observability/logger';
import { Drain } from './drain';
import { Lease } from './lease';
import { readPending } from './pending';
import { sequencerSettings } from './settings';
import { publishPendingAge } from './backstop-metrics';
import { machineMs } from '../../clock';

/**
 * The backstop, so nothing is ever left pending: a consumer of the table's stream that sees every
 * pending event inserted (event-source filter: INSERT of `entity` = `event_pending`). Normally the
 * writer that committed it, or a drain it was waiting on, sequences it within moments. If that
 * writer died after its pending commit, or gave up waiting, nobody else may come for it: so once a
 * record is older than every writer's wait and any abandoned lease (`backstopAfterMs`), the backstop
 * looks (strongly consistent) whether anything that old is still pending in that partner+mode and,
 * if so, drains the log itself under the lease. A batch it cannot finish in its time fails, and the
 * stream gives it again.
 */
export async function sequenceStragglers(event: DynamoDBStreamEvent, context?: Context): Promise<{ scopes: number; drained: number }> {
  const settings = sequencerSettings();
  const table = tableName();
  const newest = new Map<string, { scope: Scope; pendingAt: number }>();
  let oldest = Number.POSITIVE_INFINITY;
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image) continue;
    const item = unmarshall(image as Record<string, AttributeValue>);
    if (item.entity !== PENDING_EVENT_ENTITY) continue;
    const scope: Scope = { partnerId: item.partner_id as string, mode: item.mode as Scope['mode'] };
    oldest = Math.min(oldest, item.pending_at as number);
    const seen = newest.get(scopeKey(scope));
    if (!seen || (item.pending_at as number) > seen.pendingAt) newest.set(scopeKey(scope), { scope, pendingAt: item.pending_at as number });
  }
  const started = machineMs();
  // How long the oldest pending event of the batch has waited: on-call's alarm on the log falling behind.
  if (Number.isFinite(oldest)) publishPendingAge(started - oldest);
  // Leave time to answer; a poller stopping (the embedded default) reports no time left at all.
  const outOfTime = () => (context?.getRemainingTimeInMillis?.() ?? 60_000 - (machineMs() - started)) < 5_000 || workIsStopping();
  const endBy = started + (context?.getRemainingTimeInMillis?.() ?? 60_000) - 5_000;
  let drained = 0;
  for (const { scope, pendingAt } of newest.values()) {
    // Give the writers their time first: anything this old that is still pending has nobody else.
    const due = pendingAt + settings.backstopAfterMs;
    if (due > endBy) throw new Error('the backstop has not the time to wait for these pending events; the stream will give them again');
    while (machineMs() < due && !outOfTime()) await sleep(Math.min(250, due - machineMs()));
    if (outOfTime()) throw new Error('the backstop was stopped; the stream will give these pending events again');
    const left = await readPending(scope, table, 1, pendingAt + 1);
    if (!left.items.length) continue;
    logger.warn('pending events outlived their writers; the backstop sequences them', { partner_id: scope.partnerId, mode: scope.mode });
    drained += await drainAll(scope, table, outOfTime);
  }
  return { scopes: newest.size, drained };
}

/** Takes the lease (waiting for a live holder to finish) and drains until nothing is pending. */
async function drainAll(scope: Scope, table: string, outOfTime: () => boolean): Promise<number> {
  const settings = sequencerSettings();
  let drained = 0;
  for (;;) {
    const lease = new Lease(scope, table, settings.leaseMs);
    while (!(await lease.acquire())) {
      if (outOfTime()) throw new Error('the log stayed leased; the stream will give these pending events again');
      await sleep(250);
    }
    const drain = new Drain(scope, table, lease);
    let clean = false;
    try {
      for (;;) {
        if (outOfTime()) throw new Error('out of time while draining; the stream will give these pending events again');
        const step = await drain.step();
        drained += step.committed.length;
        if (step.lost) break;
        if (step.idle) {
          clean = true;
          return drained;
        }
      }
    } finally {
      await drain.finish();
      await lease.release(clean);
    }
  }
}
