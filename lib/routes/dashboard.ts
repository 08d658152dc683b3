import { createKeyBody, keyIdParams } from '../dashboard/api-keys';
import { updateSettingsBody } from '../dashboard/settings';
import { signInBody, verifySignInBody } from '../dashboard/sign-in';
import { confirmRollBody, createEndpointBody, endpointParams } from '../dashboard/webhook-endpoints';
import { noQuery } from '../input';
import { dashboardApi, dashboardPage } from './operation';

/**
 * The partner dashboard: HTML pages for people and the same actions as JSON under /dashboard/api for
 * scripts (README, "The dashboard"). Webhook endpoint paths use `{id}` throughout, so the webhooks
 * area's routes under `/dashboard/api/webhook-endpoints/{id}/…` share the parameter name (API Gateway
 * requires one name per path position). Sign-in and the local outbox work without a session.
 */

export const dashboardApiSignIn = dashboardApi('api-sign-in', { method: 'POST', path: '/dashboard/api/sign-in', operation: 'dashboardApiSignIn', signedOut: true, body: signInBody });
export const dashboardApiSignInVerify = dashboardApi('api-sign-in-verify', { method: 'POST', path: '/dashboard/api/sign-in/verify', operation: 'dashboardApiSignInVerify', signedOut: true, body: verifySignInBody });
export const dashboardApiSignOut = dashboardApi('api-sign-out', { method: 'POST', path: '/dashboard/api/sign-out', operation: 'dashboardApiSignOut' });
export const dashboardApiListKeys = dashboardApi('api-list-keys', { method: 'GET', path: '/dashboard/api/keys', operation: 'dashboardApiListKeys', query: noQuery });
export const dashboardApiCreateKey = dashboardApi('api-create-key', { method: 'POST', path: '/dashboard/api/keys', operation: 'dashboardApiCreateKey', body: createKeyBody });
export const dashboardApiRevokeKey = dashboardApi('api-revoke-key', { method: 'POST', path: '/dashboard/api/keys/{keyID}/revoke', operation: 'dashboardApiRevokeKey', params: keyIdParams });
export const dashboardApiGetSettings = dashboardApi('api-get-settings', { method: 'GET', path: '/dashboard/api/settings', operation: 'dashboardApiGetSettings', query: noQuery });
export const dashboardApiUpdateSettings = dashboardApi('api-update-settings', { method: 'POST', path: '/dashboard/api/settings', operation: 'dashboardApiUpdateSettings', body: updateSettingsBody });
export const dashboardApiListWebhookEndpoints = dashboardApi('api-list-webhook-endpoints', { method: 'GET', path: '/dashboard/api/webhook-endpoints', operation: 'dashboardApiListWebhookEndpoints', query: noQuery });
export const dashboardApiCreateWebhookEndpoint = dashboardApi('api-create-webhook-endpoint', { method: 'POST', path: '/dashboard/api/webhook-endpoints', operation: 'dashboardApiCreateWebhookEndpoint', body: createEndpointBody });
export const dashboardApiGetWebhookEndpoint = dashboardApi('api-get-webhook-endpoint', { method: 'GET', path: '/dashboard/api/webhook-endpoints/{id}', operation: 'dashboardApiGetWebhookEndpoint', params: endpointParams, query: noQuery });
export const dashboardApiDisableWebhookEndpoint = dashboardApi('api-disable-webhook-endpoint', { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/disable', operation: 'dashboardApiDisableWebhookEndpoint', params: endpointParams });
export const dashboardApiEnableWebhookEndpoint = dashboardApi('api-enable-webhook-endpoint', { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/enable', operation: 'dashboardApiEnableWebhookEndpoint', params: endpointParams });
export const dashboardApiRollWebhookSecret = dashboardApi('api-roll-webhook-secret', { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/secret/roll', operation: 'dashboardApiRollWebhookSecret', params: endpointParams });
export const dashboardApiConfirmWebhookSecretRoll = dashboardApi('api-confirm-webhook-secret-roll', { method: 'POST', path: '/dashboard/api/webhook-endpoints/{id}/secret/roll/confirm', operation: 'dashboardApiConfirmWebhookSecretRoll', params: endpointParams, body: confirmRollBody });

export const dashboardOverview = dashboardPage('page-overview', { method: 'GET', path: '/dashboard', operation: 'dashboardOverview' });
export const dashboardSignInPage = dashboardPage('page-sign-in', { method: 'GET', path: '/dashboard/sign-in', operation: 'dashboardSignInPage', signedOut: true });
export const dashboardSignInSend = dashboardPage('page-sign-in-send', { method: 'POST', path: '/dashboard/sign-in', operation: 'dashboardSignInSend', signedOut: true });
export const dashboardSignInVerify = dashboardPage('page-sign-in-verify', { method: 'POST', path: '/dashboard/sign-in/verify', operation: 'dashboardSignInVerify', signedOut: true });
export const dashboardSignOut = dashboardPage('page-sign-out', { method: 'POST', path: '/dashboard/sign-out', operation: 'dashboardSignOut' });
export const dashboardOutbox = dashboardPage('page-outbox', { method: 'GET', path: '/dashboard/outbox', operation: 'dashboardOutbox', signedOut: true });
export const dashboardKeys = dashboardPage('page-keys', { method: 'GET', path: '/dashboard/keys', operation: 'dashboardKeys' });
export const dashboardCreateKey = dashboardPage('page-create-key', { method: 'POST', path: '/dashboard/keys', operation: 'dashboardCreateKey' });
export const dashboardRevokeKey = dashboardPage('page-revoke-key', { method: 'POST', path: '/dashboard/keys/{keyID}/revoke', operation: 'dashboardRevokeKey', params: keyIdParams });
export const dashboardSettings = dashboardPage('page-settings', { method: 'GET', path: '/dashboard/settings', operation: 'dashboardSettings' });
export const dashboardUpdateSettings = dashboardPage('page-update-settings', { method: 'POST', path: '/dashboard/settings', operation: 'dashboardUpdateSettings' });
export const dashboardWebhookEndpoints = dashboardPage('page-webhook-endpoints', { method: 'GET', path: '/dashboard/webhook-endpoints', operation: 'dashboardWebhookEndpoints' });
export const dashboardCreateWebhookEndpoint = dashboardPage('page-create-webhook-endpoint', { method: 'POST', path: '/dashboard/webhook-endpoints', operation: 'dashboardCreateWebhookEndpoint' });
export const dashboardWebhookEndpoint = dashboardPage('page-webhook-endpoint', { method: 'GET', path: '/dashboard/webhook-endpoints/{id}', operation: 'dashboardWebhookEndpoint', params: endpointParams });
export const dashboardDisableWebhookEndpoint = dashboardPage('page-disable-webhook-endpoint', { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/disable', operation: 'dashboardDisableWebhookEndpoint', params: endpointParams });
export const dashboardEnableWebhookEndpoint = dashboardPage('page-enable-webhook-endpoint', { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/enable', operation: 'dashboardEnableWebhookEndpoint', params: endpointParams });
export const dashboardRollWebhookSecret = dashboardPage('page-roll-webhook-secret', { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/secret/roll', operation: 'dashboardRollWebhookSecret', params: endpointParams });
export const dashboardResendWebhookEvent = dashboardPage('page-resend-webhook-event', { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/resend', operation: 'dashboardResendWebhookEvent', params: endpointParams });
export const dashboardConfirmWebhookSecretRoll = dashboardPage('page-confirm-webhook-secret-roll', { method: 'POST', path: '/dashboard/webhook-endpoints/{id}/secret/roll/confirm', operation: 'dashboardConfirmWebhookSecretRoll', params: endpointParams });

export const dashboardRoutes = [
  dashboardApiSignIn,
  dashboardApiSignInVerify,
  dashboardApiSignOut,
  dashboardApiListKeys,
  dashboardApiCreateKey,
  dashboardApiRevokeKey,
  dashboardApiGetSettings,
  dashboardApiUpdateSettings,
  dashboardApiListWebhookEndpoints,
  dashboardApiCreateWebhookEndpoint,
  dashboardApiGetWebhookEndpoint,
  dashboardApiDisableWebhookEndpoint,
  dashboardApiEnableWebhookEndpoint,
  dashboardApiRollWebhookSecret,
  dashboardApiConfirmWebhookSecretRoll,
  dashboardOverview,
  dashboardSignInPage,
  dashboardSignInSend,
  dashboardSignInVerify,
  dashboardSignOut,
  dashboardOutbox,
  dashboardKeys,
  dashboardCreateKey,
  dashboardRevokeKey,
  dashboardSettings,
  dashboardUpdateSettings,
  dashboardWebhookEndpoints,
  dashboardCreateWebhookEndpoint,
  dashboardWebhookEndpoint,
  dashboardDisableWebhookEndpoint,
  dashboardEnableWebhookEndpoint,
  dashboardRollWebhookSecret,
  dashboardResendWebhookEvent,
  dashboardConfirmWebhookSecretRoll,
];
