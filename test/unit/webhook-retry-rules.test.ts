import { classifyResponse, retryAfterSeconds } from '../../lib/webhooks/delivery/classify-response';
import { DEFAULT_RETRY_DELAYS_SECONDS, deliverySettings } from '../../lib/webhooks/delivery/delivery-settings';
import { maxAttempts, nextRetryDelaySeconds } from '../../lib/webhooks/delivery/retry-schedule';
import {
  endpointWantsEvent,
  isKnownSelector,
  SELECTOR_SUGGESTIONS,
  TEST_EVENT_TYPE,
} from '../../lib/webhooks/delivery/endpoint-wants-event';

const env = { ...process.env };
beforeEach(() => {
  for (const k of ['WEBHOOK_RETRY_DELAYS', 'WEBHOOK_HOLD_MS', 'WEBHOOK_TIMEOUT_MS', 'WEBHOOK_RETRY_JITTER']) delete process.env[k];
});
afterAll(() => Object.assign(process.env, env));

describe('the delivery schedule', () => {
  it('defaults: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h; 2 s hold; 15 s timeout', () => {
    const s = deliverySettings();
    expect(s.retryDelaysSeconds).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(maxAttempts(s)).toBe(10);
    expect(s.holdMs).toBe(2000);
    expect(s.timeoutMs).toBe(15000);
    expect(s.maxVisibilitySeconds).toBe(43200);
    expect(s.disableAfterSeconds).toBe(5 * 86400);
  });

  it('jitters each wait by at most ±10 %', () => {
    const s = deliverySettings();
    expect(nextRetryDelaySeconds(s, 1, () => 0)).toBeCloseTo(4.5);
    expect(nextRetryDelaySeconds(s, 1, () => 1)).toBeCloseTo(5.5);
    expect(nextRetryDelaySeconds(s, 9, () => 0.5)).toBe(DEFAULT_RETRY_DELAYS_SECONDS[8]);
  });

  it('gives up after the tenth failed attempt', () => {
    expect(nextRetryDelaySeconds(deliverySettings(), 10)).toBeUndefined();
  });

  it('a test stack may shorten the schedule through the environment', () => {
    process.env.WEBHOOK_RETRY_DELAYS = '0.1,0.2';
    expect(maxAttempts(deliverySettings())).toBe(3);
  });
});

describe('what an answer means', () => {
  const s = () => deliverySettings();
  const t = Date.parse('2026-11-22T00:00:00Z');
  it('any 2xx acknowledges', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(classifyResponse(status, undefined, s(), t)).toEqual({ kind: 'acknowledged' });
  });
  it('a 3xx is a failure (never followed); other statuses too', () => {
    expect(classifyResponse(301, undefined, s(), t)).toEqual({ kind: 'failed', error: 'redirect_not_followed' });
    expect(classifyResponse(500, undefined, s(), t)).toEqual({ kind: 'failed', error: 'http_status' });
    expect(classifyResponse(400, undefined, s(), t)).toEqual({ kind: 'failed', error: 'http_status' });
  });
  it('410 disables', () => {
    expect(classifyResponse(410, undefined, s(), t)).toEqual({ kind: 'gone' });
  });
  it('429 and 503 with Retry-After defer as asked, capped at one hour; without it they are plain failures', () => {
    expect(classifyResponse(429, '120', s(), t)).toEqual({ kind: 'deferred', waitSeconds: 120, error: 'retry_after' });
    expect(classifyResponse(503, '86400', s(), t)).toEqual({ kind: 'deferred', waitSeconds: 3600, error: 'retry_after' });
    expect(classifyResponse(429, undefined, s(), t)).toEqual({ kind: 'failed', error: 'http_status' });
    expect(classifyResponse(500, '10', s(), t)).toEqual({ kind: 'failed', error: 'http_status' });
  });
  it('Retry-After may be an HTTP date', () => {
    expect(retryAfterSeconds('Sun, 22 Nov 2026 00:01:00 GMT', t)).toBe(60);
    expect(retryAfterSeconds('soon', t)).toBeUndefined();
  });
});

describe('event filters', () => {
  const wants = (enabled_events: string[], type: string) => endpointWantsEvent({ enabled_events }, { type });
  it('empty takes all; `*`, exact names and prefix.* select', () => {
    expect(wants([], 'company.created')).toBe(true);
    expect(wants(['*'], 'invoice.finalized')).toBe(true);
    expect(wants(['company.created'], 'company.created')).toBe(true);
    expect(wants(['company.created'], 'company.verified')).toBe(false);
    expect(wants(['company.*'], 'company.status.changed')).toBe(true);
    expect(wants(['company.status.*'], 'company.status.changed')).toBe(true);
    expect(wants(['company.*'], 'invoice.finalized')).toBe(false);
    expect(wants(['company.*'], 'companyx.created')).toBe(false);
  });

  it('a test event reaches the endpoint it names, whatever its filter, and no other', () => {
    const payload = JSON.stringify({ type: TEST_EVENT_TYPE, data: { object: { object: 'webhook_endpoint', id: 'we_A' } } });
    const event = { type: TEST_EVENT_TYPE, payload };
    expect(endpointWantsEvent({ id: 'we_A', enabled_events: ['company.created'] }, event)).toBe(true);
    expect(endpointWantsEvent({ id: 'we_B', enabled_events: [] }, event)).toBe(false);
    expect(endpointWantsEvent({ id: 'we_B', enabled_events: ['*'] }, event)).toBe(false);
  });

  it('accepts exactly the entries the predicate lets take an emitted type', () => {
    for (const ok of ['*', 'company.*', 'company.status.*', 'requirement.signature.*', 'invoice.finalized'])
      expect([ok, isKnownSelector(ok)]).toEqual([ok, true]);
    for (const bad of ['company.craeted', 'compny.*', 'company', '**', 'company.created.*', '.*'])
      expect([bad, isKnownSelector(bad)]).toEqual([bad, false]);
    // Every suggestion offered in how_to_fix is itself accepted.
    for (const s of SELECTOR_SUGGESTIONS) expect([s, isKnownSelector(s)]).toEqual([s, true]);
  });
});
