import type { components, operations, webhooks } from './generated/openapi';

/**
 * The public types of the client, derived from the generated `operations` (openapi-typescript), so a
 * regenerated document changes them and nothing here is written by hand per operation.
 *
 * One call takes the operation's path and query parameters side by side (`{ companyID, limit }`),
 * and its JSON body as `body`.
 */
/** The calls: the document's operations but its webhooks (the event catalog, which is delivered, not called). */
export type OperationId = Exclude<keyof operations, keyof webhooks>;
/** Every event type the service records (the document's `webhooks`): `'company.created' | …`. */
export type EventType = keyof webhooks;
/** The exact event of one type, as delivered and as `GET /events/{eventID}` returns it: `EventOf<'company.name.changed'>`. */
export type EventOf<T extends EventType> = operations[T] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type Schemas = components['schemas'];
/** The resources, by their component names: `Resource<'Company'>`. */
export type Resource<Name extends keyof Schemas> = Schemas[Name];
export type Event = Schemas['Event'];
export type ErrorEnvelope = Schemas['Error'];
export type ErrorCode = ErrorEnvelope['code'];

type Op<K extends OperationId> = operations[K];
type ParametersOf<K extends OperationId> = Op<K> extends { parameters: infer P } ? P : object;
type PathOf<K extends OperationId> = ParametersOf<K> extends { path: infer P } ? (P extends object ? P : object) : object;
type QueryOf<K extends OperationId> =
  ParametersOf<K> extends { query?: infer Q }
    ? [NonNullable<Q>] extends [never]
      ? object
      : NonNullable<Q> extends object
        ? WithDates<NonNullable<Q>>
        : object
    : object;
/** Query values may be given as `Date` where the document wants a date-time string. */
type WithDates<Q> = { [P in keyof Q]: Q[P] extends string | undefined ? Q[P] | (P extends `created_at${string}` ? Date : never) : Q[P] };
type RequestBodyOf<K extends OperationId> = Op<K> extends { requestBody?: infer R } ? NonNullable<R> : never;
type JsonBodyOf<K extends OperationId> = RequestBodyOf<K> extends { content: { 'application/json': infer B } } ? B : never;
type MultipartBodyOf<K extends OperationId> = RequestBodyOf<K> extends { content: { 'multipart/form-data': infer B } } ? B : never;
/** An upload's body: its text fields, and `file` as a Blob (or bytes) with an optional `filename`. */
type UploadBody<B> = Omit<B, 'file'> & { file: Blob | Uint8Array | ArrayBuffer; filename?: string };
/** A body all of whose fields are optional may be left out (`{}` is sent). */
// `{} extends Body`: the body has no required field.
type BodyOf<K extends OperationId> = [JsonBodyOf<K>] extends [never]
  ? [MultipartBodyOf<K>] extends [never]
    ? object
    : { body: UploadBody<MultipartBodyOf<K>> }
  : // biome-ignore lint/complexity/noBannedTypes: `{}` is the empty object type this test needs
    {} extends JsonBodyOf<K>
    ? { body?: JsonBodyOf<K> }
    : { body: JsonBodyOf<K> };

/** What one operation takes: path and query parameters by name, and `body`. */
export type OperationInput<K extends OperationId> = PathOf<K> & QueryOf<K> & BodyOf<K>;

type SuccessStatus = 200 | 201 | 202 | 203 | 204;
type ResponsesOf<K extends OperationId> = Op<K> extends { responses: infer R } ? R : never;
type ContentOf<R> = R extends { content: { 'application/json': infer T } } ? T : R extends { content?: never } ? Uint8Array : unknown;
/** What one operation answers on success (a non-JSON answer, such as a file's bytes, is a Uint8Array). */
export type OperationOutput<K extends OperationId> = {
  [S in keyof ResponsesOf<K> & SuccessStatus]: ContentOf<ResponsesOf<K>[S]>;
}[keyof ResponsesOf<K> & SuccessStatus];

/** The operations whose answer is a paged list (`{object: "list", page, items[]}`). */
export type PagedOperationId = {
  [K in OperationId]: OperationOutput<K> extends { page: unknown; items: unknown[] } ? K : never;
}[OperationId];
export type ItemOf<K extends OperationId> = OperationOutput<K> extends { items: (infer I)[] } ? I : never;

type RequiredKeys<T> = { [P in keyof T]-?: object extends Pick<T, P> ? never : P }[keyof T];
/** The arguments of one operation's method: the input is optional when nothing in it is required. */
export type OperationArgs<K extends OperationId> = [RequiredKeys<OperationInput<K>>] extends [never]
  ? [input?: OperationInput<K>, options?: RequestOptions]
  : [input: OperationInput<K>, options?: RequestOptions];

/** One method per operation of the document, named after its operationId. */
export type OperationMethods = { [K in OperationId]: (...args: OperationArgs<K>) => Promise<OperationOutput<K>> };

/** Per-call options; each overrides the client's setting for this call only. */
export interface RequestOptions {
  /**
   * `Idempotency-Key` of a POST. By default every POST gets a fresh UUID, kept across its retries;
   * pass your own to make a retry of your own (after a crash, say) safe, or `false` to send none (and
   * then the POST is not retried).
   */
  idempotencyKey?: string | false;
  /** Extra headers (for example `Service-Account: acct_…` on company creation). */
  headers?: Record<string, string>;
  /** Retries after the first attempt (default: the client's, 3). */
  maxRetries?: number;
  /** The `Service-Version` of this call (default: the client's). */
  apiVersion?: string;
  signal?: AbortSignal;
  /** A multipart body for an operation that takes one (uploadFile: purpose, company, shareholder, file). */
  body?: FormData;
}

/** A successful answer with what came with it. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  /** The `Request-Id` of the answer (quote it to support; `GET /requests/{id}` where offered). */
  requestId: string | undefined;
  /** Requests sent, retries included. */
  attempts: number;
}
