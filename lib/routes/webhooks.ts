import type { Route } from './route';

/** Webhook delivery's dashboard actions (the endpoints themselves are the dashboard's routes). */
export const webhookRoutes: Route[] = [
  { method: 'GET', path: '/dashboard/api/webhook-endpoints/{id}/attempts', operation: 'dashboardApiListWebhookAttempts', handler: 'functions/dashboard/api-list-webhook-attempts.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/resend', operation: 'dashboardApiResendWebhookEvent', handler: 'functions/dashboard/api-resend-webhook-event.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/recover', operation: 'dashboardApiRecoverWebhookEvents', handler: 'functions/dashboard/api-recover-webhook-events.ts', audience: 'dashboard' },
];
