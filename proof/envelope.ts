import { ERROR_CODES, type ErrorCode } from '../lib/errors';

/** The spec's error envelope: exactly these fields may appear. */
const ENVELOPE_FIELDS = new Set(['type', 'title', 'status', 'code', 'detail', 'request_id', 'errors']);

/** Why this error answer is not the spec's envelope (or a 5xx a client cannot retry), if it is not. */
export function envelopeProblem(status: number, body: any, retryAfter: string | null): string | undefined {
  if (!body || typeof body !== 'object') return `${status} without a JSON body`;
  const extra = Object.keys(body).filter((k) => !ENVELOPE_FIELDS.has(k));
  if (extra.length) return `${status} with fields outside the envelope: ${extra.join(', ')}`;
  const known = ERROR_CODES[body.code as ErrorCode];
  if (!known) return `${status} with unknown code ${JSON.stringify(body.code)}`;
  if (known.status !== status || body.status !== status) return `${status} answered with code ${body.code} (status ${body.status})`;
  if (
    typeof body.type !== 'string' ||
    !body.type.endsWith(`#${body.code}`) ||
    typeof body.title !== 'string' ||
    typeof body.request_id !== 'string'
  )
    return `${status} ${body.code}: envelope incomplete`;
  if (status >= 500 && !(Number(retryAfter) > 0)) return `${status} ${body.code} without Retry-After: ${body.detail}`;
  return undefined;
}
