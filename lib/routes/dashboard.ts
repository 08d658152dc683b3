import type { Route } from './route';

/**
 * The partner dashboard: HTML pages for people and the same actions as JSON under /dashboard/api for
 * scripts (README, "The dashboard"). Webhook endpoint paths use `{id}` throughout, so the webhooks
 * area's routes under `/dashboard/api/webhook-endpoints/{id}/…` share the parameter name (API Gateway
 * requires one name per path position).
 */
export const dashboardRoutes: Route[] = [
  { method: 'POST', path: '/dashboard/api/sign-in', operation: 'dashboardApiSignIn', handler: 'functions/dashboard/api-sign-in.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/sign-in/verify', operation: 'dashboardApiSignInVerify', handler: 'functions/dashboard/api-sign-in-verify.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/sign-out', operation: 'dashboardApiSignOut', handler: 'functions/dashboard/api-sign-out.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/api/keys', operation: 'dashboardApiListKeys', handler: 'functions/dashboard/api-list-keys.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/keys', operation: 'dashboardApiCreateKey', handler: 'functions/dashboard/api-create-key.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/keys/{keyID}/revoke', operation: 'dashboardApiRevokeKey', handler: 'functions/dashboard/api-revoke-key.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/api/settings', operation: 'dashboardApiGetSettings', handler: 'functions/dashboard/api-get-settings.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/settings', operation: 'dashboardApiUpdateSettings', handler: 'functions/dashboard/api-update-settings.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/api/webhook-endpoints', operation: 'dashboardApiListWebhookEndpoints', handler: 'functions/dashboard/api-list-webhook-endpoints.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints', operation: 'dashboardApiCreateWebhookEndpoint', handler: 'functions/dashboard/api-create-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/api/webhook-endpoints/{id}', operation: 'dashboardApiGetWebhookEndpoint', handler: 'functions/dashboard/api-get-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/disable', operation: 'dashboardApiDisableWebhookEndpoint', handler: 'functions/dashboard/api-disable-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/enable', operation: 'dashboardApiEnableWebhookEndpoint', handler: 'functions/dashboard/api-enable-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/secret/roll', operation: 'dashboardApiRollWebhookSecret', handler: 'functions/dashboard/api-roll-webhook-secret.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/secret/roll/confirm', operation: 'dashboardApiConfirmWebhookSecretRoll', handler: 'functions/dashboard/api-confirm-webhook-secret-roll.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard', operation: 'dashboardOverview', handler: 'functions/dashboard/page-overview.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/sign-in', operation: 'dashboardSignInPage', handler: 'functions/dashboard/page-sign-in.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/sign-in', operation: 'dashboardSignInSend', handler: 'functions/dashboard/page-sign-in-send.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/sign-in/verify', operation: 'dashboardSignInVerify', handler: 'functions/dashboard/page-sign-in-verify.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/sign-out', operation: 'dashboardSignOut', handler: 'functions/dashboard/page-sign-out.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/outbox', operation: 'dashboardOutbox', handler: 'functions/dashboard/page-outbox.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/keys', operation: 'dashboardKeys', handler: 'functions/dashboard/page-keys.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/keys', operation: 'dashboardCreateKey', handler: 'functions/dashboard/page-create-key.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/keys/{keyID}/revoke', operation: 'dashboardRevokeKey', handler: 'functions/dashboard/page-revoke-key.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/settings', operation: 'dashboardSettings', handler: 'functions/dashboard/page-settings.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/settings', operation: 'dashboardUpdateSettings', handler: 'functions/dashboard/page-update-settings.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/webhook-endpoints', operation: 'dashboardWebhookEndpoints', handler: 'functions/dashboard/page-webhook-endpoints.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/webhook-endpoints', operation: 'dashboardCreateWebhookEndpoint', handler: 'functions/dashboard/page-create-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'GET', path: '/dashboard/webhook-endpoints/{id}', operation: 'dashboardWebhookEndpoint', handler: 'functions/dashboard/page-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/disable', operation: 'dashboardDisableWebhookEndpoint', handler: 'functions/dashboard/page-disable-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/enable', operation: 'dashboardEnableWebhookEndpoint', handler: 'functions/dashboard/page-enable-webhook-endpoint.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/secret/roll', operation: 'dashboardRollWebhookSecret', handler: 'functions/dashboard/page-roll-webhook-secret.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/resend', operation: 'dashboardResendWebhookEvent', handler: 'functions/dashboard/page-resend-webhook-event.ts', audience: 'dashboard' },
  { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/secret/roll/confirm', operation: 'dashboardConfirmWebhookSecretRoll', handler: 'functions/dashboard/page-confirm-webhook-secret-roll.ts', audience: 'dashboard' },
];
