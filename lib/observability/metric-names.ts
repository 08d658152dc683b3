/**
 * Our own CloudWatch metrics (Powertools Metrics, EMF) that on-call's dashboard and alarms read
 * (infra/aws/constructs/on-call/), named as lib/webhooks emits them (lib/webhooks/delivery-metrics.ts
 * and its callers). CloudWatch matches a metric by its exact dimension set: a metric emitted with
 * another service name or an extra dimension is one the dashboard never finds, so emitters and the
 * dashboard share these names.
 */
export const METRICS_NAMESPACE = 'PartnerApi';
/** POWERTOOLS_SERVICE_NAME of every function (logs). */
export const SERVICE_NAME = 'partner-api';

/** The webhook metrics' `service` dimension (lib/webhooks/delivery-metrics.ts). */
export const WEBHOOK_METRICS_SERVICE = 'webhooks';

export const WEBHOOK_METRICS = {
  /** Count, one per POST to an endpoint (first tries and retries). */
  attempt: 'DeliveryAttempts',
  /** Count, one per 2xx answer. */
  success: 'DeliverySucceeded',
  /** Count, one per attempt answered 4xx but 410 and 429 (lib/webhooks/lane/attempt-delivery.ts). */
  answered4xx: 'DeliveryAnswered4xx',
  /** Count, one per failed attempt, with dimension FAILURE_CLASS_DIMENSION. */
  failure: 'DeliveryFailures',
  /** Count, one per event given up on after the last retry. */
  giveUp: 'DeliveriesGivenUp',
  /** Count, one per endpoint disabled automatically, with dimension `Reason` (`gone`, `failing`). */
  endpointDisabled: 'EndpointsDisabled',
  /** Milliseconds from the event's `created_at` to the endpoint's 2xx. */
  eventToAck: 'EventToAcknowledgeLatency',
  /** Count, messages the fan-out queued. */
  fanOut: 'FanOutMessages',
} as const;

export const FAILURE_CLASS_DIMENSION = 'FailureClass';
export const DISABLE_REASON_DIMENSION = 'Reason';

/** Why an attempt failed (lib/webhooks/delivery: post-webhook.ts and classify-response.ts). */
export const WEBHOOK_FAILURE_CLASSES = [
  'timeout',
  'connection_error',
  'unsafe_url',
  'redirect_not_followed',
  'http_status',
  'retry_after',
] as const;
/** Failure classes that point at our side (egress, DNS) when they dominate across all endpoints. */
export const OUR_SIDE_FAILURE_CLASSES = ['timeout', 'connection_error'] as const;

/** The event log's own metrics (lib/event-log/sequencer/backstop.ts): `service` = this. */
export const EVENT_LOG_METRICS_SERVICE = 'event-log';
/** Milliseconds a pending event had waited when the backstop saw it (the oldest of each batch). */
export const PENDING_EVENT_AGE_METRIC = 'PendingEventAge';

/** The canary's metrics (functions/jobs/canary.ts): `service` = this. */
export const CANARY_METRICS_SERVICE = 'canary';
/** 1 when the probe of the public API answered as it should, 0 when not; one per run. */
export const CANARY_SUCCESS_METRIC = 'CanarySuccess';
/** 1 for a probe that did not run because the stage has no canary key yet: the job ran (no silence), nothing failed (no page). */
export const CANARY_UNCONFIGURED_METRIC = 'CanaryUnconfigured';
/** Milliseconds the probe took. */
export const CANARY_LATENCY_METRIC = 'CanaryLatency';

/** Requests API Gateway's stage throttle refused (429 before any function ran), from the access log. */
export const GATEWAY_THROTTLED_METRIC = 'GatewayThrottled';
