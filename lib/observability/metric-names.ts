/**
 * Names of our own CloudWatch metrics (Powertools Metrics, EMF), shared by the code that emits them
 * and the on-call dashboard and alarms that read them (infra/aws). Emit with the Powertools
 * `Metrics` of namespace METRICS_NAMESPACE and service SERVICE_NAME (set by the env in AWS), and no
 * other dimension unless the entry below names it: CloudWatch matches a metric by its exact
 * dimension set, so an extra dimension makes a metric the dashboard never finds.
 */
export const METRICS_NAMESPACE = 'PartnerApi';
export const SERVICE_NAME = 'partner-api';

/** Powertools adds `service` to every metric; the dashboard queries with exactly this dimension set. */
export const METRIC_DIMENSIONS = { service: SERVICE_NAME } as const;

export const WEBHOOK_METRICS = {
  /** Count, one per POST to an endpoint (first tries and retries). */
  attempt: 'WebhookDeliveryAttempt',
  /** Count, one per 2xx answer. */
  success: 'WebhookDeliverySuccess',
  /** Count, one per failed attempt, named per failure class: see webhookFailureMetric(). */
  failurePrefix: 'WebhookDeliveryFailure',
  /** Count, one per event given up on after the last retry. */
  giveUp: 'WebhookDeliveryGiveUp',
  /** Count, one per endpoint disabled automatically (`gone` or `failing`). */
  endpointDisabled: 'WebhookEndpointDisabled',
  /** Milliseconds from the event's `created_at` to the endpoint's 2xx. */
  eventToAck: 'WebhookEventToAckLatency',
} as const;

/** Why an attempt failed; one metric per class so the dashboard graphs them without extra dimensions. */
export const WEBHOOK_FAILURE_CLASSES = ['timeout', 'network', 'http_4xx', 'http_5xx', 'gone', 'blocked_destination'] as const;
export type WebhookFailureClass = (typeof WEBHOOK_FAILURE_CLASSES)[number];

/** e.g. `WebhookDeliveryFailure_timeout`. */
export const webhookFailureMetric = (failureClass: WebhookFailureClass) => `${WEBHOOK_METRICS.failurePrefix}_${failureClass}`;
