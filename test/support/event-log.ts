import { createPartner } from '../../lib/partners/partner';
import { issueApiKey } from '../../lib/auth/api-key';
import { WriteSet } from '../../lib/store/write-set';
import { isChangeEvent } from '../../lib/resources/event';
import { commit } from '../../lib/event-log/commit';
import { tableName } from '../../lib/store/client';
import type { Scope } from '../../lib/scope';
import type { ApiEvent, PendingEvent } from '../../lib/store/event';
import type { EventStream } from '../../lib/events/listing/streams';
import { queryEvery } from '../../lib/store/query';

/** Keys that never throttle a test. */
const UNTHROTTLED = { burst: 100_000, sustained: 1_000_000 };

/**
 * A partner of its own, so a test can count every event of its log without meeting other tests'
 * events. Call after useStackDatabase().
 */
export async function freshPartner(name = 'Event log test partner') {
  const partner = await createPartner({ name, ownerEmail: `owner+${Date.now()}@events.test` });
  const live = await issueApiKey({ partnerId: partner.id, mode: 'live', rateLimit: UNTHROTTLED });
  const test = await issueApiKey({ partnerId: partner.id, mode: 'test', rateLimit: UNTHROTTLED });
  return {
    partnerId: partner.id,
    liveKey: live.secret,
    testKey: test.secret,
    scope: (mode: 'live' | 'test'): Scope => ({ partnerId: partner.id, mode }),
  };
}

/**
 * Records events through the real write path (WriteSet.recordEvent + commit), one transaction each,
 * as the companies routes will; returns them as committed, oldest first.
 */
export async function recordEvents(scope: Scope, events: PendingEvent[]): Promise<ApiEvent[]> {
  const out: ApiEvent[] = [];
  for (const e of events) {
    // A change event carries what it changed (WriteSet.recordEvent refuses one without).
    const ws = new WriteSet(scope, tableName()).recordEvent(isChangeEvent(e.type) && !e.previous ? { ...e, previous: {} } : e);
    const [committed] = await commit(ws);
    out.push(committed.event);
  }
  return out;
}

/**
 * Every item of one stream of the partner's log as stored (`stream.all` or `stream.type`), read from
 * all of its index shards (lib/event-log/index-shards.ts) and put back in log order.
 */
export async function streamItems(s: EventStream): Promise<Record<string, any>[]> {
  const shards = await Promise.all(s.pks.map((pk) => queryEvery({ partition: pk, index: s.index })));
  return (shards.flat() as Record<string, any>[]).sort((a, b) => a.seq_all - b.seq_all);
}
