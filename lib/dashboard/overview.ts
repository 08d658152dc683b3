import { now } from '../clock';
import type { ApiEvent } from '../store/event';
import { attemptCountsSince } from '../webhooks/lane/attempt-log';
import { listKeys, type ApiKeyView } from './api-keys';
import { browseEvents } from './event-browser';
import { listWebhookEndpoints, type EndpointWithHealth } from './webhook-endpoints';

/** A key expiring within this long is listed on the overview. */
const EXPIRING_SOON_MS = 14 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * What a partner's on-call looks at first (the dashboard's overview): endpoints by health (failing
 * first), deliveries and failures over the last 24 hours from the attempt log, the newest events of
 * each mode, and the active keys expiring within 14 days. The modes' events are two lists, not one
 * merged by `created_at`: a test mode's events are dated by its sandbox clock, which may run a year
 * ahead, and would bury every live event under them.
 */
export interface Overview {
  endpoints: EndpointWithHealth[];
  byHealth: Record<EndpointWithHealth['health']['state'], number>;
  last24h: { delivered: number; failed: number; deferred: number; capped: boolean };
  newestEvents: Record<'live' | 'test', ApiEvent[]>;
  expiringKeys: ApiKeyView[];
  activeKeys: number;
}

export async function overviewOf(partnerId: string): Promise<Overview> {
  const at = now();
  const since = new Date(at.getTime() - DAY_MS).toISOString();
  const [endpoints, keys, live, test] = await Promise.all([
    listWebhookEndpoints(partnerId),
    listKeys(partnerId),
    browseEvents(partnerId, { livemode: 'true', limit: 5 }),
    browseEvents(partnerId, { livemode: 'false', limit: 5 }),
  ]);
  const counts = await Promise.all(endpoints.map((e) => attemptCountsSince(e.id, since)));
  const byHealth = { healthy: 0, failing: 0, disabled: 0 };
  for (const e of endpoints) byHealth[e.health.state] += 1;
  const order = { failing: 0, healthy: 1, disabled: 2 };
  const active = keys.filter((k) => !k.revoked_at && (!k.expires_at || Date.parse(k.expires_at) > at.getTime()));
  return {
    endpoints: [...endpoints].sort((a, b) => order[a.health.state] - order[b.health.state]),
    byHealth,
    last24h: {
      delivered: counts.reduce((n, c) => n + c.counts.succeeded, 0),
      failed: counts.reduce((n, c) => n + c.counts.failed + c.counts.given_up + c.counts.disabled, 0),
      deferred: counts.reduce((n, c) => n + c.counts.deferred, 0),
      capped: counts.some((c) => c.capped),
    },
    newestEvents: { live: live.items, test: test.items },
    expiringKeys: active
      .filter((k) => k.expires_at && Date.parse(k.expires_at) - at.getTime() <= EXPIRING_SOON_MS)
      .sort((a, b) => a.expires_at!.localeCompare(b.expires_at!)),
    activeKeys: active.length,
  };
}
