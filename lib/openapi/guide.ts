import { ERROR_CODES, type ErrorCode } from '../errors/error-codes';
import { stageMachineMarkdown } from '../docs/stage-machine';
import { EVENT_TYPES, isChangeEvent } from '../resources/event';

/**
 * The OpenAPI document's `info.description`: what a partner needs beside the operations, in Markdown.
 * The reference at /docs shows each `#` heading as a chapter before the operations, so a partner can
 * read the API without our source. Facts only, each from the rule it describes (the error table from
 * ERROR_CODES, the stage table from the stage machine).
 */
export function guideMarkdown(): string {
  const errorRows = (Object.keys(ERROR_CODES) as ErrorCode[]).map(
    (code) => `| [\`${code}\`](/docs/partner/errors#${code}) | ${ERROR_CODES[code].status} | ${ERROR_CODES[code].title} |`,
  );
  const changeTypes = Object.keys(EVENT_TYPES)
    .filter(isChangeEvent)
    .map((t) => `\`${t}\``)
    .join(', ');
  return `Form and manage US companies (LLCs and C-corps) on behalf of your clients.

# Getting started

- **Base URL.** Every path below is relative to \`{base_url}\`, which ends with \`/v1\`. The keyless pages (status links, owner verification) live at the host root instead; their operations say so.
- **Keys and modes.** Send \`Authorization: Bearer svc_test_…\` (sandbox: test data, never billed, and the \`/sandbox\` triggers that play the formation) or \`svc_live_…\` (live). Objects of the other mode, and of other partners, do not exist for a key (\`resource_missing\`). Keys, their scopes and IP allow-lists are managed in the dashboard.
- **Versions.** \`Service-Version: YYYY-MM-DD\` pins a version per request; without it your account's pinned default applies. Every answer names the version it ran on in \`Service-Version\`.
- **A first request:** \`curl -sS "$BASE_URL/me" -H "Authorization: Bearer $API_KEY"\` answers with your partner, the key's mode and scopes, and the versions in force.

# Errors

Every error is one JSON envelope: \`{type, title, status, code, detail?, request_id?, errors?}\`. Branch on \`code\`, never on \`detail\`. \`type\` links to the code's entry in the [error reference](/docs/partner/errors). A refused body or parameter is \`invalid_request\` with one \`errors[]\` entry per violation: \`location\` (a JSONPath such as \`$.shareholders[1].email\`), \`validation_type\` (the rule, each explained in the [error reference](/docs/partner/errors#errors-entries)), \`reason\` and \`how_to_fix\` (the field, what it accepts and a valid value written as it is sent, such as \`"state": "DE"\` or \`limit=25\`). Quote \`request_id\` (also the \`Request-Id\` header) to support.

| code | status | title |
|---|---|---|
${errorRows.join('\n')}

# Idempotency and retries

Send \`Idempotency-Key: <a fresh UUID>\` on every POST that creates or changes something. A retry with the same key and the same request answers the first response again (\`Idempotent-Replayed: true\`), except a working credential: a status link's or a verification session's \`url\` comes back as \`[redacted]\` and \`Idempotent-Replay-Redacted\` names it (list the company's status links to read a link again, or open a new verification session); the same key with another request is \`idempotency_key_mismatch\`; a retry while the first still runs is \`idempotency_key_in_use\`. Keys last 24 hours, per partner and mode. Retry \`429\` and \`5xx\` answers after their \`Retry-After\`, with the same key.

# Lists and pages

Paged lists answer \`{object: "list", items[], page}\`: \`limit\` 1..100 (default 25), then \`after=<page.end_cursor>\` for the next page (\`before=<page.start_cursor>\` for the previous one); \`page.total\` counts every page. Filters with operators are written \`field[op]=value\` (for example \`created_at[gte]=2026-11-01T00:00:00Z\`, \`type[in]=company.created,company.verified\`): encode the brackets (\`%5B\`, \`%5D\`) or tell your client not to read them as a pattern (\`curl -g\`). An unknown parameter is refused, so a typo never silently widens a list.

# Rate limits

Each key has a burst (per second) and a sustained (per minute) policy. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` and \`RateLimit-Policy\`; a refusal is \`429 rate_limit\` with \`Retry-After\` in seconds.

# Company stages

A company is \`requires_information\` until every owner's identity document is in, then \`in_progress\` (\`company.verified\`), then \`active\` once the state accepts the filing (\`company.incorporated\`; \`pre_existing\` companies: \`company.onboarding.completed\`); \`dissolved\` is final. Its formation \`stage\` moves by this table, and by no other move. Every move of \`status\` or \`stage\` fires \`company.status.changed\`, before the move's own event (\`company.verified\`, \`company.incorporated\`…), and the sandbox triggers play exactly these moves:

${stageMachineMarkdown()}

# Webhooks

Register endpoints in the dashboard, per mode. Each delivery is a \`POST\` of the event JSON (as \`GET /events/{eventID}\` returns it, rendered at your webhook version), one endpoint's events in \`created_at\` order. Any \`2xx\` acknowledges; anything else, no answer within 15 s, or a redirect is retried 10 times over about 3 days (a \`429\`/\`503\` with \`Retry-After\` is retried when asked). Every event also stays in \`GET /events\`. Change events (${changeTypes}) carry \`data.previous_attributes\` beside \`data.object\`: each field the change moved, with its value before (\`null\` where it was absent; \`updated_at\` left out), so you need not keep a copy to know what changed; an order's creation shows \`{"status": null}\`.

**Verify every delivery** before parsing it. Headers: \`webhook-id\` (the event id: deduplicate on it), \`webhook-timestamp\` (unix seconds), \`webhook-signature\` (space-separated entries), and the same values as \`Service-Webhook-Id\`, \`-Timestamp\`, \`-Signature\`. The signed content is \`<webhook-id>.<webhook-timestamp>.<raw body>\`:

- \`v1,<base64>\`: HMAC-SHA256 of the content, keyed with the base64-decoded secret after \`whsec_\` ([Standard Webhooks](https://www.standardwebhooks.com)). Two \`v1\` entries appear while a rolled secret overlaps the old one; accept a match of either.
- \`v1a,<base64>\`: an ed25519 signature of the content, checked with the endpoint's public key (base64 after \`whpk_\`), which never changes.

Compare in constant time, skip entries of a scheme you do not check, and reject a timestamp more than five minutes from now. The Node SDK does all of this in \`verifyWebhook(headers, rawBody, { secret, publicKey })\`.`;
}
