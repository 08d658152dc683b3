import { dashboardApiListWebhookAttempts } from './api-list-webhook-attempts';
import { dashboardApiResendWebhookEvent } from './api-resend-webhook-event';
import { dashboardApiRecoverWebhookEvents } from './api-recover-webhook-events';
import { dashboardApiTestWebhookEndpoint } from './api-test-webhook-endpoint';
import { dashboardApiRetryWebhookEndpoint } from './api-retry-webhook-endpoint';

/** Webhook delivery's dashboard actions (the endpoints themselves are the dashboard's routes). */
export const webhookRoutes = [
  dashboardApiListWebhookAttempts,
  dashboardApiResendWebhookEvent,
  dashboardApiRecoverWebhookEvents,
  dashboardApiTestWebhookEndpoint,
  dashboardApiRetryWebhookEndpoint,
];
