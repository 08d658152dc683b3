/**
 * partner-api-node: the Partner API's Node client, generated from its OpenAPI document
 * (docs/openapi.json; `npm run sdk:generate`), with retries, idempotency keys, auto-pagination, the
 * reconciliation sweep, typed errors and a webhook verifier for both signature schemes.
 */
export { PartnerApi, DEFAULT_BASE_URL, type ClientOptions } from './client';
export { Paged, Sweep, SWEEP_OVERLAP_MS, type SweepParams } from './paging';
export {
  PartnerApiError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  InvalidRequestError,
  ApiServerError,
  ConnectionError,
} from './errors';
export {
  verifyWebhook,
  WebhookVerificationError,
  TOLERANCE_SECONDS,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type RawBody,
  type WebhookVerificationReason,
} from './webhooks';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
export { API_VERSION, OPENAPI_SHA256, OPERATIONS } from './generated/operations';
export { SDK_VERSION } from './version';
export { SandboxClockApi, SandboxClockTimeoutError, type SandboxClock, type WaitOptions } from './sandbox-clock';
export type * from './types';
export type { paths, components, operations } from './generated/openapi';
