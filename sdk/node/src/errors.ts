import type { ErrorCode, ErrorEnvelope } from './types';

type ErrorEntry = NonNullable<ErrorEnvelope['errors']>[number];

/**
 * An answer ≥ 400 from the API, carrying the spec's error envelope. Branch on `code` (stable), never
 * on `detail` (wording may change). The subclass says the class of failure:
 * AuthenticationError 401, PermissionError 403, NotFoundError 404, ConflictError 409,
 * RateLimitError 429, InvalidRequestError other 4xx, ApiServerError 5xx.
 */
export class PartnerApiError extends Error {
  /** HTTP status, as repeated in the envelope. */
  readonly status: number;
  readonly code: ErrorCode;
  /** Link to the reference entry of the code. */
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  /** The request's id for support tracing (also the `Request-Id` header). */
  readonly request_id: string | undefined;
  /** On validation failures, one entry per violating field: reason, location ($.name), validation_type, how_to_fix. */
  readonly errors: ErrorEntry[];
  /** The envelope as received (undefined when the answer was not one, e.g. a proxy's HTML page). */
  readonly envelope: ErrorEnvelope | undefined;
  readonly headers: Headers;
  /** Seconds the API asked to wait (`Retry-After`), when it did. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: unknown, headers: Headers) {
    const envelope = isEnvelope(body) ? body : undefined;
    const detail = envelope?.detail;
    super(envelope ? `${envelope.code}: ${detail ?? envelope.title}` : `HTTP ${status} without an error envelope`);
    this.name = new.target.name;
    this.status = status;
    this.code = envelope?.code ?? 'api_error';
    this.type = envelope?.type ?? '';
    this.title = envelope?.title ?? `HTTP ${status}`;
    this.detail = detail;
    this.request_id = envelope?.request_id ?? headers.get('request-id') ?? undefined;
    this.errors = envelope?.errors ?? [];
    this.envelope = envelope;
    this.headers = headers;
    this.retryAfter = retryAfterSeconds(headers.get('retry-after'));
  }
}

export class AuthenticationError extends PartnerApiError {}
export class PermissionError extends PartnerApiError {}
export class NotFoundError extends PartnerApiError {}
export class ConflictError extends PartnerApiError {}
export class RateLimitError extends PartnerApiError {}
export class InvalidRequestError extends PartnerApiError {}
export class ApiServerError extends PartnerApiError {}

/** No answer at all (connection refused or reset, DNS, timeout), after the retries allowed. */
export class ConnectionError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ConnectionError';
  }
}

/** The error class for an answer of this status. */
export function errorFor(status: number, body: unknown, headers: Headers): PartnerApiError {
  const Kind =
    status === 401
      ? AuthenticationError
      : status === 403
        ? PermissionError
        : status === 404
          ? NotFoundError
          : status === 409
            ? ConflictError
            : status === 429
              ? RateLimitError
              : status >= 500
                ? ApiServerError
                : status >= 400
                  ? InvalidRequestError
                  : PartnerApiError;
  return new Kind(status, body, headers);
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  const b = body as Partial<ErrorEnvelope> | undefined;
  return typeof b === 'object' && b !== null && typeof b.code === 'string' && typeof b.status === 'number' && typeof b.title === 'string';
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date (RFC 9110); undefined when absent or unusable. */
export function retryAfterSeconds(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
