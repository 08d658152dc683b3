import { dashboardApiSignIn } from './api-sign-in';
import { dashboardApiSignInVerify } from './api-sign-in-verify';
import { dashboardApiSignOut } from './api-sign-out';
import { dashboardApiListKeys } from './api-list-keys';
import { dashboardApiCreateKey } from './api-create-key';
import { dashboardApiRevokeKey } from './api-revoke-key';
import { dashboardApiGetSettings } from './api-get-settings';
import { dashboardApiUpdateSettings } from './api-update-settings';
import { dashboardApiListWebhookEndpoints } from './api-list-webhook-endpoints';
import { dashboardApiCreateWebhookEndpoint } from './api-create-webhook-endpoint';
import { dashboardApiGetWebhookEndpoint } from './api-get-webhook-endpoint';
import { dashboardApiUpdateWebhookEndpoint } from './api-update-webhook-endpoint';
import { dashboardApiDeleteWebhookEndpoint } from './api-delete-webhook-endpoint';
import { dashboardApiDisableWebhookEndpoint } from './api-disable-webhook-endpoint';
import { dashboardApiEnableWebhookEndpoint } from './api-enable-webhook-endpoint';
import { dashboardApiRollWebhookSecret } from './api-roll-webhook-secret';
import { dashboardApiReplaceWebhookSigningKey } from './api-replace-webhook-signing-key';
import { dashboardApiConfirmWebhookSecretRoll } from './api-confirm-webhook-secret-roll';
import { dashboardApiListEvents } from './api-list-events';
import { dashboardApiGetEvent } from './api-get-event';
import { dashboardOverview } from './page-overview';
import { dashboardSignInPage } from './page-sign-in';
import { dashboardSignInSend } from './page-sign-in-send';
import { dashboardSignInVerify } from './page-sign-in-verify';
import { dashboardSignOut } from './page-sign-out';
import { dashboardOutbox } from './page-outbox';
import { dashboardKeys } from './page-keys';
import { dashboardCreateKey } from './page-create-key';
import { dashboardRevokeKey } from './page-revoke-key';
import { dashboardSettings } from './page-settings';
import { dashboardUpdateSettings } from './page-update-settings';
import { dashboardWebhookEndpoints } from './page-webhook-endpoints';
import { dashboardCreateWebhookEndpoint } from './page-create-webhook-endpoint';
import { dashboardWebhookEndpoint } from './page-webhook-endpoint';
import { dashboardUpdateWebhookEndpoint } from './page-update-webhook-endpoint';
import { dashboardDeleteWebhookEndpoint } from './page-delete-webhook-endpoint';
import { dashboardDisableWebhookEndpoint } from './page-disable-webhook-endpoint';
import { dashboardEnableWebhookEndpoint } from './page-enable-webhook-endpoint';
import { dashboardRollWebhookSecret } from './page-roll-webhook-secret';
import { dashboardResendWebhookEvent } from './page-resend-webhook-event';
import { dashboardTestWebhookEndpoint } from './page-test-webhook-endpoint';
import { dashboardRetryWebhookEndpoint } from './page-retry-webhook-endpoint';
import { dashboardConfirmWebhookSecretRoll } from './page-confirm-webhook-secret-roll';
import { dashboardApiListRequests } from './api-list-requests';
import { dashboardRequests } from './page-requests';
import { dashboardRequest } from './page-request';
import { dashboardEvents } from './page-events';
import { dashboardEvent } from './page-event';
import { dashboardApiListStaff } from './api-list-staff';
import { dashboardApiInviteStaff } from './api-invite-staff';
import { dashboardApiRemoveStaff } from './api-remove-staff';
import { dashboardApiClearStaffLockout } from './api-clear-staff-lockout';
import { dashboardApiListSessions } from './api-list-sessions';
import { dashboardApiSignOutEverywhere } from './api-sign-out-everywhere';
import { dashboardApiStepUp } from './api-step-up';
import { dashboardApiStepUpVerify } from './api-step-up-verify';
import { dashboardApiListAudit } from './api-list-audit';
import { dashboardStaff } from './page-staff';
import { dashboardInviteStaff } from './page-invite-staff';
import { dashboardRemoveStaff } from './page-remove-staff';
import { dashboardClearStaffLockout } from './page-clear-staff-lockout';
import { dashboardSessions } from './page-sessions';
import { dashboardSignOutEverywhere } from './page-sign-out-everywhere';
import { dashboardStepUpPage } from './page-step-up';
import { dashboardStepUpSend } from './page-step-up-send';
import { dashboardStepUpVerify } from './page-step-up-verify';
import { dashboardAudit } from './page-audit';
import { dashboardApiListInvoices } from './api-list-invoices';
import { dashboardApiGetInvoice } from './api-get-invoice';
import { dashboardInvoices } from './page-invoices';
import { dashboardRecoverWebhookEvents } from './page-recover-webhook-events';

/**
 * The partner dashboard: HTML pages for people and the same actions as JSON under /dashboard/api for
 * scripts (docs/guide/dashboard.md). Webhook endpoint paths use `{id}` throughout, so the webhooks
 * area's routes under `/dashboard/api/webhook-endpoints/{id}/…` share the parameter name (API Gateway
 * requires one name per path position). Sign-in and the local outbox work without a session.
 */
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
  dashboardApiUpdateWebhookEndpoint,
  dashboardApiDeleteWebhookEndpoint,
  dashboardApiDisableWebhookEndpoint,
  dashboardApiEnableWebhookEndpoint,
  dashboardApiRollWebhookSecret,
  dashboardApiConfirmWebhookSecretRoll,
  dashboardApiReplaceWebhookSigningKey,
  dashboardApiListEvents,
  dashboardApiGetEvent,
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
  dashboardUpdateWebhookEndpoint,
  dashboardDeleteWebhookEndpoint,
  dashboardDisableWebhookEndpoint,
  dashboardEnableWebhookEndpoint,
  dashboardRollWebhookSecret,
  dashboardResendWebhookEvent,
  dashboardTestWebhookEndpoint,
  dashboardRetryWebhookEndpoint,
  dashboardConfirmWebhookSecretRoll,
  dashboardApiListRequests,
  dashboardRequests,
  dashboardRequest,
  dashboardEvents,
  dashboardEvent,
  dashboardApiListStaff,
  dashboardApiInviteStaff,
  dashboardApiRemoveStaff,
  dashboardApiClearStaffLockout,
  dashboardApiListSessions,
  dashboardApiSignOutEverywhere,
  dashboardApiStepUp,
  dashboardApiStepUpVerify,
  dashboardApiListAudit,
  dashboardStaff,
  dashboardInviteStaff,
  dashboardRemoveStaff,
  dashboardClearStaffLockout,
  dashboardSessions,
  dashboardSignOutEverywhere,
  dashboardStepUpPage,
  dashboardStepUpSend,
  dashboardStepUpVerify,
  dashboardAudit,
  dashboardApiListInvoices,
  dashboardApiGetInvoice,
  dashboardInvoices,
  dashboardRecoverWebhookEvents,
];
