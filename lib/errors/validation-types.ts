/**
 * Every `validation_type` an `errors[]` entry can carry (spec Errors: "schema keyword that failed"),
 * with what it means. JSON Schema's keywords where one fits; ours for rules JSON Schema has no word
 * for. The error reference (lib/docs/error-reference.ts) lists them from here.
 */
export const VALIDATION_TYPES = {
  required: 'The field is missing. A missing field is always `required`, whatever its type.',
  type: 'The value is of another JSON type (a string where an integer belongs), or a query parameter is given more than once.',
  enum: 'The value is not one of the allowed values (for an event type filter: not a type the service emits); the fix shows the closest allowed one.',
  pattern: 'The text does not match the pattern (an id, a product key, a name).',
  format: 'The text is not of the format (an e-mail address, a date, an RFC 3339 date-time, an IANA time zone, a URL).',
  minLength: 'The text is shorter than allowed.',
  maxLength: 'The text (or a metadata value as JSON) is longer than allowed.',
  minimum: 'The number is below the bound, or no right is left to spend.',
  maximum: 'The number is above the bound (also: ownership adding up to more than 100).',
  multipleOf: 'The number has more decimals than allowed (cents, two-decimal percentages).',
  minItems: 'The list has fewer items than allowed.',
  maxItems: 'The list has more items than allowed.',
  uniqueItems: 'A value is listed twice (a role, a state, an e-mail address, a product).',
  minProperties: 'The object names fewer fields than needed (at least one).',
  maxProperties: 'The object has more keys than allowed (metadata: 50).',
  propertyNames: 'A key of the object is not allowed (empty, too long, or of the wrong characters).',
  additionalProperties: 'The field is not part of this request; the fix names the closest known field when it is a slip.',
  maxDepth: 'The value nests deeper than allowed.',
  not: 'The field is not accepted in this combination (a C-corp field on an LLC, a pre_existing field on a company the operator forms); remove it.',
  oneOf: 'Exactly one of two alternatives must be sent (the account header or the account object).',
  anyOf: 'The value matches none of the accepted shapes.',
  conditional: 'A form field required by another field’s answer is missing.',
  unique: 'The value is already used (a company name in its state, an external_id).',
  exists: 'The value names nothing of yours in this mode (an account, a company, a file).',
  state: 'The object’s current status does not allow this; the fix names the next step.',
  scope:
    'The key lacks the scope this part of the request needs (an `expand[]` value needs the read scope of what it embeds); with `insufficient_scope`.',
  fileType: 'The file is not of an accepted content type.',
  fileSize: 'The file is larger than the form field accepts.',
  minSize: 'The file is empty or too small to be a document.',
  maxSize: 'The file is larger than its purpose accepts.',
  maxPages: 'The document has more pages than its purpose accepts.',
  purpose: 'The file was uploaded under another purpose than the requirement collects.',
  shareholder: 'The identity document is of another owner than the requirement names.',
  custom: 'A rule of its own, described by `reason` and `how_to_fix` (for example exactly one main incorporator).',
} as const;

export type ValidationType = keyof typeof VALIDATION_TYPES;
