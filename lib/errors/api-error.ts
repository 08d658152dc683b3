import { ERROR_CODES, type ErrorCode } from './error-codes';

/** One entry of the envelope's `errors[]` (spec Errors part). */
export interface FieldError {
  reason: string;
  /** JSONPath of the failing field, form `$.name`, `$.shareholders[2].email`. */
  location?: string;
  /** The schema keyword that failed (`pattern`, `maxLength`, `enum`, `required`, …). */
  validation_type?: string;
  how_to_fix?: string;
}

/**
 * Thrown anywhere below a handler; the error-envelope middleware turns it into the spec's envelope.
 * Anything else thrown becomes `api_error` (500) without internals.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;

  /** For `resource_missing`: the object asked for, so the chain can tell the caller of its other mode (lib/http/middleware/other-mode-hint.ts). */
  missing?: { what: string; id: string; location?: string };

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? ERROR_CODES[code].title);
    this.status = ERROR_CODES[code].status;
    this.title = ERROR_CODES[code].title;
  }
}

/** `invalid_request` with one field error: the most common refusal. */
export function invalidField(location: string, reason: string, how_to_fix?: string, validation_type?: string): ApiError {
  // A reason that is a predicate ("is required for identity_document") names its field in `detail`,
  // as the schema refusals do ("The body is invalid: $.name is required"); a sentence stands alone.
  const detail = /^[a-z]/.test(reason) ? `${location} ${reason}.` : reason;
  return new ApiError('invalid_request', detail, [{ reason, location, validation_type, how_to_fix }]);
}

export function resourceMissing(what: string, id?: string, location?: string): ApiError {
  const error = new ApiError('resource_missing', id ? `No such ${what}: '${id}'.` : `No such ${what}.`);
  if (id) error.missing = { what, id, ...(location ? { location } : {}) };
  return error;
}
