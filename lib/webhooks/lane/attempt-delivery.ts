import type { Logger } from '@aws-lambda-powertools/logger';
import type { WebhookEndpoint } from '../endpoints';
import { now } from '../../clock';
import { renderEventAt } from '../../versioning/render';
import { CURRENT_VERSION } from '../../versioning/versions';
import { signatureHeaders } from '../signing';
import { classifyResponse, type AttemptVerdict } from '../delivery/classify-response';
import type { DeliverySettings } from '../delivery/delivery-settings';
import { disableIfEnabled } from '../delivery/endpoint-record';
import { endpointSigningKeys } from '../delivery/endpoint-signing-keys';
import { postWebhook } from '../delivery/post-webhook';
import { maxAttempts, nextRetryDelaySeconds } from '../delivery/retry-schedule';
import { countBy, countMetric, latencyMetric } from '../delivery-metrics';
import { WEBHOOK_METRICS } from '../../observability/metric-names';
import type { AttemptRecord } from './attempt-log';
import type { LaneWrites } from './lane-writes';
import { escalateFailingEndpoint, mailOwner } from './failing-endpoint';
import type { LogEvent } from './gap-events';
import type { LaneOutcome } from './lane-message';
import { advance, clearHead, type LaneState } from './lane-state';
import { recentPartner } from '../../partners/partner';

export interface LaneItem {
  /** Whose retry state this is: `seq:<n>` or `resend:<message id>`. */
  key: string;
  event: LogEvent;
  /** Fresh deliveries move the cursor when finished; resends do not. */
  advances: boolean;
}

/** The lane's head delivery to try, and where its outcome is written. */
interface DeliveryToTry {
  endpoint: WebhookEndpoint;
  lane: LaneState;
  item: LaneItem;
  settings: DeliverySettings;
  log: Logger;
  writes: LaneWrites;
}

/** What one try of a delivery leaves for its outcome to record. */
interface Tried extends DeliveryToTry {
  attempt: AttemptRecord;
  verdict: AttemptVerdict;
  doneMs: number;
}

/**
 * One try of the lane's head delivery, and what it means for the lane (spec, Delivery rules 1, 2, 5,
 * 6, 7, 8). Its writes go to the batch's LaneWrites, flushed before the signer answers. Each outcome
 * is its own function below: acknowledged, gone, or failed (deferred, retried, given up).
 */
export async function attemptDelivery(input: DeliveryToTry): Promise<LaneOutcome> {
  const { lane, item } = input;
  const startMs = now().getTime();
  if (lane.head === item.key && lane.next_attempt_at && Date.parse(lane.next_attempt_at) > startMs) {
    // Not due yet: a wait longer than one visibility timeout (12 h) is re-extended, no attempt spent.
    return { kind: 'retry', afterSeconds: (Date.parse(lane.next_attempt_at) - startMs) / 1000, counted: false };
  }
  if (lane.head !== item.key) {
    clearHead(lane);
    lane.head = item.key;
    lane.head_event_id = item.event.event_id;
  }
  const tried = await tryOnce(input, startMs);
  if (tried.verdict.kind === 'acknowledged') return acknowledged(tried);
  if (tried.verdict.kind === 'gone') return gone(tried);
  return failed(tried, tried.verdict);
}

/** Signs and posts the event once, counts the answer, and builds the attempt's record. */
async function tryOnce(input: DeliveryToTry, startMs: number): Promise<Tried> {
  const { endpoint, lane, item, settings } = input;
  const log = input.log.createChild({ persistentKeys: { event_id: item.event.event_id } });
  const partner = await recentPartner(endpoint.partner_id);
  const body = renderEventAt(item.event.payload, partner?.webhook_version ?? CURRENT_VERSION);
  const keys = await endpointSigningKeys(endpoint, startMs);
  // A fresh timestamp and signature on every attempt (spec, Signing).
  const headers = signatureHeaders(keys, item.event.event_id, Math.floor(startMs / 1000), body);
  const result = await postWebhook({
    endpointId: endpoint.id,
    url: endpoint.url,
    mode: endpoint.mode,
    headers,
    body,
    timeoutMs: settings.timeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
  });
  const doneMs = now().getTime();
  const verdict: AttemptVerdict = result.answered
    ? classifyResponse(result.status, result.retryAfter, settings, doneMs)
    : { kind: 'failed', error: result.error };
  countMetric('DeliveryAttempts');
  // An answer of 4xx (but 410's "gone" and 429's "slow down", which the contract gives a meaning): one
  // partner's bug, or, on every endpoint at once, ours (a signature they refuse): `webhook-4xx-share`.
  if (result.answered && result.status >= 400 && result.status < 500 && result.status !== 410 && result.status !== 429)
    countMetric(WEBHOOK_METRICS.answered4xx);
  const attempt: AttemptRecord = {
    event_id: item.event.event_id,
    event_type: item.event.type,
    // The schedule's attempt this try spends (or, deferred, would have spent): a deferral after
    // Retry-After spends none, so it shows the same number as the try after it (spec, Delivery rule 5).
    attempt: lane.head_failures + 1,
    max_attempts: maxAttempts(settings),
    status_code: result.answered ? result.status : null,
    response_body: result.answered ? result.bodyStart : null,
    outcome: 'succeeded',
    duration_ms: result.durationMs,
    error: verdict.kind === 'failed' || verdict.kind === 'deferred' ? verdict.error : null,
    attempted_at: new Date(startMs).toISOString(),
    next_attempt_at: null,
  };
  return { ...input, log, attempt, verdict, doneMs };
}

/** The delivery is over for this lane: a fresh delivery moves the cursor past it; the head is free. */
function finish({ lane, item }: Tried): void {
  if (item.advances) advance(lane, item.event.seq, item.event.created_at);
  clearHead(lane);
}

/** 2xx: delivered; the endpoint is healthy again. */
async function acknowledged(tried: Tried): Promise<LaneOutcome> {
  const { endpoint, lane, item, attempt, writes, log, doneMs } = tried;
  finish(tried);
  lane.failing_since = undefined;
  lane.warned = [];
  lane.last_success_at = attempt.attempted_at;
  countMetric('DeliverySucceeded');
  latencyMetric('EventToAcknowledgeLatency', doneMs - Date.parse(item.event.created_at));
  await writes.attempt(endpoint.id, attempt);
  await writes.lane(lane);
  log.info('delivered', { attempt: attempt.attempt, status_code: attempt.status_code, duration_ms: attempt.duration_ms });
  return { kind: 'done' };
}

/** 410 (rule 6): disabled at once; the lane cancels the endpoint's queued deliveries as it meets them. */
async function gone(tried: Tried): Promise<LaneOutcome> {
  const { endpoint, lane, attempt, writes, log } = tried;
  finish(tried);
  lane.paused = true;
  attempt.outcome = 'disabled';
  attempt.error = 'gone';
  await writes.attempt(endpoint.id, attempt);
  if (await disableIfEnabled(endpoint.partner_id, endpoint.id, 'gone', attempt.attempted_at)) {
    countBy('EndpointsDisabled', 'Reason', 'gone');
    await mailOwner(
      endpoint,
      `Webhook endpoint ${endpoint.id} was disabled`,
      `${endpoint.url} answered 410 Gone, so we disabled the endpoint. Enable it again in the dashboard if that was a mistake.`,
    );
  }
  await writes.lane(lane);
  log.warn('endpoint answered 410 Gone: disabled');
  return { kind: 'done' };
}

/**
 * Not acknowledged: deferred as the endpoint asked (rule 5, no attempt of the schedule spent), retried
 * on the schedule, or given up once it is spent (the event stays in GET /events); an endpoint failing
 * long enough is escalated and, at the end, disabled.
 */
async function failed(tried: Tried, verdict: Extract<AttemptVerdict, { kind: 'failed' | 'deferred' }>): Promise<LaneOutcome> {
  const { endpoint, lane, settings, attempt, writes, log, doneMs } = tried;
  lane.failing_since ??= attempt.attempted_at;
  countBy('DeliveryFailures', 'FailureClass', verdict.error);
  let waitSeconds: number | undefined;
  if (verdict.kind === 'deferred') {
    waitSeconds = verdict.waitSeconds; // as asked (capped)
    attempt.outcome = 'deferred';
  } else {
    lane.head_failures += 1;
    waitSeconds = nextRetryDelaySeconds(settings, lane.head_failures);
    attempt.outcome = waitSeconds === undefined ? 'given_up' : 'failed';
  }
  if (waitSeconds === undefined) {
    finish(tried);
    countMetric('DeliveriesGivenUp');
  } else {
    lane.next_attempt_at = new Date(doneMs + waitSeconds * 1000).toISOString();
    attempt.next_attempt_at = lane.next_attempt_at;
  }
  await writes.attempt(endpoint.id, attempt);
  const disabled = await escalateFailingEndpoint(endpoint, lane, settings, doneMs);
  if (disabled) {
    finish(tried);
    lane.paused = true;
  }
  await writes.lane(lane);
  log.info('delivery failed', {
    attempt: attempt.attempt,
    outcome: attempt.outcome,
    error: attempt.error,
    status_code: attempt.status_code,
    next_attempt_at: attempt.next_attempt_at,
  });
  if (disabled || waitSeconds === undefined) return { kind: 'done' };
  return { kind: 'retry', afterSeconds: waitSeconds, counted: verdict.kind === 'failed' };
}
