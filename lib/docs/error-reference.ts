import { ERROR_CODES, VALIDATION_TYPES } from '../errors';
import { esc, html, joined, raw } from '../html';

const MEANING: Record<keyof typeof ERROR_CODES, string> = {
  api_key_invalid: 'The key is missing, malformed, unknown or revoked. Send `Authorization: Bearer svc_live_…` or `svc_test_…`.',
  api_key_expired: 'The key passed its expiry. Create a new key in the dashboard.',
  insufficient_scope:
    'The key lacks the scope this endpoint needs, or the read scope an `expand[]` value needs (`errors[]` names each at `$.expand[]`). Use a key holding it, or leave the expansion out. In the dashboard: the staff member’s role does not include this page (owner, developer, finance).',
  ip_address_not_allowed: "The request came from an address outside the key's allow-list.",
  step_up_required:
    'Dashboard only: the change (a live key, a live endpoint created or re-pointed, versions, staff) needs a session stepped up with a fresh e-mailed code within the last 10 minutes. `POST /dashboard/api/step-up`, then `POST /dashboard/api/step-up/verify` with `{"code": "…"}`.',
  invalid_request:
    'A body field or parameter breaks the schema or a rule. `errors[]` names each field by JSONPath, the rule that failed (`validation_type`, listed below) and a `how_to_fix` showing a valid value.',
  invalid_api_version: 'The `Service-Version` header is not a version of this API. Omit it to use your pinned default.',
  resource_missing: 'No such object for this key (objects of other partners and of the other mode are never visible), or no such route.',
  method_not_allowed: 'The path exists but not with this method; the `Allow` header lists the methods it takes.',
  test_mode_only: 'Sandbox endpoints work with test keys only.',
  resource_already_exists: 'A unique value (such as a company `external_id`) is already taken.',
  idempotency_key_mismatch: 'The `Idempotency-Key` was used before with a different request. Use a new key for a new request.',
  idempotency_key_in_use: 'A request with this `Idempotency-Key` is still running. Retry after it finishes.',
  request_too_large: 'The body is larger than the endpoint accepts.',
  billing_account_inactive: 'Billing for your account is not active; orders are refused until it is.',
  entitlement_required: 'The company holds no remaining right for this action; order the product that grants it.',
  rate_limit: 'Too many requests for this key. Wait `Retry-After` seconds, then back off exponentially.',
  api_error: 'Something failed on our side. Retry with the same `Idempotency-Key`; quote `request_id` to support.',
};

/** The reference every error envelope's `type` links to: `{docs_url}/partner/errors#<code>`. */
export function errorReferencePage(): string {
  const rows = joined(
    (Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]).map(
      (code) => html`<tr id="${code}"><td><code>${code}</code></td><td>${ERROR_CODES[code].status}</td><td>${MEANING[code]}</td></tr>`,
    ),
    '\n',
  );
  // A meaning's `code` spans are the only markup it gets: the rest of it is escaped first.
  const validationRows = joined(
    Object.entries(VALIDATION_TYPES).map(
      ([type, meaning]) =>
        html`<tr id="validation-${type}"><td><code>${type}</code></td><td>${raw(esc(meaning).replace(/`([^`]+)`/g, '<code>$1</code>'))}</td></tr>`,
    ),
    '\n',
  );
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Errors · Partner API</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td{padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}</style></head>
<body><p><a href="../../docs">← API reference</a></p><h1>Error codes</h1><p>Every error response is <code>{type, title, status, code, detail?, request_id?, errors?}</code>. Branch on <code>code</code>, never on <code>detail</code>.</p>
<table><thead><tr><th>code</th><th>status</th><th>meaning and fix</th></tr></thead><tbody>
${rows}
</tbody></table>
<h2 id="errors-entries">The entries of <code>errors[]</code></h2>
<p>An <code>invalid_request</code> carries one entry per violation: <code>location</code> (the field as a JSONPath, <code>$.shareholders[0].email</code>; a query parameter <code>$.limit</code>), <code>validation_type</code> (the rule that failed, below), <code>reason</code> (what is wrong with what was sent) and <code>how_to_fix</code> (the field, what it accepts and a valid value written as it is sent, such as <code>"state": "DE"</code> or <code>limit=25</code>). Branch on <code>code</code> and <code>validation_type</code>; show <code>how_to_fix</code> to the person who can fix the input.</p>
<table><thead><tr><th>validation_type</th><th>meaning</th></tr></thead><tbody>
${validationRows}
</tbody></table></body></html>`.html;
}
