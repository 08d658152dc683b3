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
 * How much one refusal says (20,000 unknown keys in a 209 KB body were answered with 10.2 MB,
 * and over 6 MB a Lambda answer fails): `errors[]` lists at most MAX_LISTED_ERRORS entries and `detail`
 * says how many more there were (the spec's envelope takes no other field); each text of an entry is at
 * most MAX_ERROR_TEXT characters (a location names the caller's key, which may be the whole body),
 * `detail` at most MAX_DETAIL. Whatever a request holds, its envelope stays under 256 KB.
 */
export const MAX_LISTED_ERRORS = 20;
export const MAX_ERROR_TEXT = { location: 500, reason: 500, validation_type: 100, how_to_fix: 1_000 } as const;
export const MAX_DETAIL = 2_000;

/** `text` cut to `max` characters with an ellipsis, never through a surrogate pair. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function clipEntry(entry: FieldError): FieldError {
  const out: FieldError = { ...entry };
  for (const key of Object.keys(MAX_ERROR_TEXT) as (keyof typeof MAX_ERROR_TEXT)[]) {
    const value = out[key];
    if (typeof value === 'string') out[key] = clipText(value, MAX_ERROR_TEXT[key]);
  }
  return out;
}

/**
 * Thrown anywhere below a handler; the error-envelope middleware turns it into the spec's envelope.
 * Anything else thrown becomes `api_error` (500) without internals. `unlisted`: errors a producer
 * found but stopped building entries for (it counts them; the detail says how many).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: FieldError[];

  /** For `resource_missing`: the object asked for, so the chain can tell the caller of its other mode (lib/http/middleware/other-mode-hint.ts). */
  missing?: { what: string; id: string; location?: string };

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    unlisted = 0,
  ) {
    const listed = errors?.slice(0, MAX_LISTED_ERRORS).map(clipEntry);
    const more = (errors?.length ?? 0) - (listed?.length ?? 0) + unlisted;
    const said = detail === undefined ? undefined : clipText(detail, MAX_DETAIL);
    const told =
      more > 0
        ? `${said ?? ERROR_CODES[code].title} ${more} more ${more === 1 ? 'error is' : 'errors are'} not listed: errors[] holds the first ${MAX_LISTED_ERRORS}.`
        : said;
    super(told ?? ERROR_CODES[code].title);
    this.detail = told;
    this.errors = listed;
    this.status = ERROR_CODES[code].status;
    this.title = ERROR_CODES[code].title;
  }
}

/**
 * `invalid_request` for a list of field errors, its detail naming each listed one:
 * "The body is invalid: $.name is required; $.state …". `unlisted` as for ApiError.
 */
export function invalidRequest(what: string, errors: FieldError[], unlisted = 0): ApiError {
  const named = errors
    .slice(0, MAX_LISTED_ERRORS)
    .map((e) => `${clipText(e.location ?? '', 100)} ${clipText(e.reason, 100)}`.trim())
    .join('; ');
  return new ApiError('invalid_request', `${what}: ${named}`, errors, {}, unlisted);
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
