/**
 * Every error `code` of the spec's Errors part, with its HTTP status and title. The spec fixes 400,
 * 401 and 429; the rest are our decisions (docs/decisions.md, "Error statuses").
 */
export const ERROR_CODES = {
  api_key_invalid: { status: 401, title: 'Invalid API key' },
  api_key_expired: { status: 401, title: 'API key expired' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  ip_address_not_allowed: { status: 403, title: 'IP address not allowed' },
  step_up_required: { status: 403, title: 'Step-up required' },
  invalid_request: { status: 400, title: 'Invalid request' },
  invalid_api_version: { status: 400, title: 'Invalid API version' },
  resource_missing: { status: 404, title: 'Resource missing' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  test_mode_only: { status: 403, title: 'Test mode only' },
  resource_already_exists: { status: 409, title: 'Resource already exists' },
  idempotency_key_mismatch: { status: 422, title: 'Idempotency key mismatch' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use' },
  request_too_large: { status: 413, title: 'Request too large' },
  billing_account_inactive: { status: 402, title: 'Billing account inactive' },
  entitlement_required: { status: 402, title: 'Entitlement required' },
  rate_limit: { status: 429, title: 'Rate limit reached' },
  api_error: { status: 500, title: 'Internal error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
