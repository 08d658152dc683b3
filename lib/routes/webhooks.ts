import { attemptsQuery, endpointIdParams, recoverBody, resendBody } from '../webhooks/operations/dashboard-delivery';
import { dashboardApi } from './operation';

/** Webhook delivery's dashboard actions (the endpoints themselves are the dashboard's routes). */
export const dashboardApiListWebhookAttempts = dashboardApi('api-list-webhook-attempts', { method: 'GET', path: '/dashboard/api/webhook-endpoints/{id}/attempts', operation: 'dashboardApiListWebhookAttempts', params: endpointIdParams, query: attemptsQuery });
export const dashboardApiResendWebhookEvent = dashboardApi('api-resend-webhook-event', { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/resend', operation: 'dashboardApiResendWebhookEvent', params: endpointIdParams, body: resendBody });
export const dashboardApiRecoverWebhookEvents = dashboardApi('api-recover-webhook-events', { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/recover', operation: 'dashboardApiRecoverWebhookEvents', params: endpointIdParams, body: recoverBody });

export const webhookRoutes = [dashboardApiListWebhookAttempts, dashboardApiResendWebhookEvent, dashboardApiRecoverWebhookEvents];
