import createClient from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { API_VERSION, OPERATIONS, type OperationRow } from './generated/operations';
import { ConnectionError, errorFor, retryAfterSeconds } from './errors';
import { DEFAULT_RETRY_POLICY, retryableAnswer, retryDelayMs, safeToRetry, type RetryPolicy } from './retry';
import { Paged, Sweep, type SweepParams } from './paging';
import type {
  ApiResponse,
  ItemOf,
  OperationId,
  OperationInput,
  OperationMethods,
  OperationOutput,
  PagedOperationId,
  RequestOptions,
} from './types';
import { SDK_VERSION } from './version';
import { SandboxClockApi } from './sandbox-clock';

/** Where the client talks to when not told: the embedded default that `npm start` runs. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:3000/v1';

export interface ClientOptions {
  /** `svc_test_…` (sandbox) or `svc_live_…`. Default: the PARTNER_API_KEY environment variable. */
  apiKey?: string;
  /** Ends with `/v1`. Default: PARTNER_API_BASE_URL, else the embedded default (http://127.0.0.1:3000/v1). */
  baseUrl?: string;
  /**
   * The `Service-Version` every request of this client pins. Default: the version of the document the
   * client was generated from, so the answers have the shapes its types describe.
   */
  apiVersion?: string;
  /** Retries after the first attempt (default 3); 0 turns retries off. */
  maxRetries?: number;
  /** Backoff and the longest Retry-After waited out (see RetryPolicy). */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** Per-attempt timeout in milliseconds (default 60 000); a timed-out attempt is retried when safe. */
  timeoutMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** A fetch of your own (a proxy agent, a test double). */
  fetch?: (request: Request) => Promise<Response>;
  /** How to wait between attempts (default setTimeout); tests pass one that records the waits. */
  sleep?: (ms: number) => Promise<void>;
}

type RawClient = ReturnType<typeof createClient<paths>>;
type AnyInput = Record<string, unknown> & { body?: unknown };

function env(name: string): string | undefined {
  return typeof process === 'undefined' ? undefined : process.env?.[name];
}

/**
 * The Partner API client. Every operation of the OpenAPI document is a method named after its
 * operationId, typed from the document:
 *
 *   const company = await client.createCompany({ body: { name, state: 'WY', entity_type: 'llc', account } });
 *   const order = await client.getServiceOrder({ serviceOrderID: 'so_…' });
 *   for await (const event of client.events.list({ company_id: company.id })) { … }
 *
 * Every POST carries an `Idempotency-Key` (a fresh UUID unless you pass one), every request the
 * client's `Service-Version`; 429, 5xx, `idempotency_key_in_use` and connection failures are retried
 * when a retry is safe (see retry.ts), honouring `Retry-After`. An error answer throws a
 * PartnerApiError carrying the envelope.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below declares the operation methods installed on the prototype after the class
export class PartnerApi {
  readonly baseUrl: string;
  readonly apiVersion: string;
  readonly #apiKey: string | undefined;
  readonly #retry: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #headers: Record<string, string>;
  readonly #fetch: (request: Request) => Promise<Response>;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #raw: RawClient;

  /** The event log: every page of a listing, and the spec's reconciliation sweep. */
  readonly events: {
    /** Every event of the listing, following `end_cursor` until `has_next_page` is false. */
    list(query?: OperationInput<'listEvents'>, options?: RequestOptions): Paged<ItemOf<'listEvents'>>;
    /**
     * The spec's reconciliation recipe: `created_at[gte]` five minutes before `since`,
     * `sort=created_at`, every page; each event yielded once. Remember `sweep.nextSince` for the next one.
     */
    sweep(params: SweepParams, options?: RequestOptions): Sweep;
  };

  /** Your test mode's clock (test keys only): `get`, `advance({ to })`, `waitUntilReady`, `advanceAndWait`. */
  readonly sandbox: { clock: SandboxClockApi };

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? env('PARTNER_API_BASE_URL') ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.apiVersion = options.apiVersion ?? API_VERSION;
    this.#apiKey = options.apiKey ?? env('PARTNER_API_KEY');
    this.#retry = { ...DEFAULT_RETRY_POLICY, ...options.retry, maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries };
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#headers = { ...options.headers };
    this.#fetch = options.fetch ?? ((request) => globalThis.fetch(request));
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#raw = createClient<paths>({ baseUrl: this.baseUrl });
    this.events = {
      list: (query, opts) => this.paginate('listEvents', query, opts),
      sweep: (params, opts) => new Sweep(params, (query) => this.paginate('listEvents', query, opts)),
    };
    this.sandbox = { clock: new SandboxClockApi(this as unknown as ConstructorParameters<typeof SandboxClockApi>[0], this.#sleep) };
  }

  /** One operation with its answer's status, headers, Request-Id and attempt count. */
  async request<K extends OperationId>(
    operationId: K,
    input?: OperationInput<K>,
    options: RequestOptions = {},
  ): Promise<ApiResponse<OperationOutput<K>>> {
    const row = OPERATIONS[operationId] as OperationRow | undefined;
    if (!row)
      throw new TypeError(`Unknown operation ${String(operationId)}: the document this client was generated from has no such operationId`);
    return this.send(row, (input ?? {}) as AnyInput, options) as Promise<ApiResponse<OperationOutput<K>>>;
  }

  /**
   * Every item of a paged listing (`listEvents`, `listCompanies`, `listAccounts`, `listInvoices`, …),
   * page after page, following `end_cursor` via `after` until `has_next_page` is false.
   */
  paginate<K extends PagedOperationId>(operationId: K, input?: OperationInput<K>, options?: RequestOptions): Paged<ItemOf<K>> {
    const query = { ...(input as AnyInput | undefined) };
    if (query.before !== undefined) throw new TypeError('Auto-pagination follows end_cursor forward: pass `after`, not `before`');
    return new Paged<ItemOf<K>>(async (after) => {
      const page = await this.request(operationId, { ...query, ...(after ? { after } : {}) } as OperationInput<K>, options);
      return page.data as unknown as { items: ItemOf<K>[]; page: { end_cursor: string | null; has_next_page: boolean } };
    });
  }

  /**
   * A call by method and path, for operations of a newer document than this client was generated
   * from (the MCP server uses it): `pathParams` fill `{name}` segments, the rest of `input` is the
   * query, `input.body` the JSON body.
   */
  send(
    row: Pick<OperationRow, 'method' | 'path' | 'pathParams' | 'body' | 'response' | 'keyless' | 'server'>,
    input: AnyInput,
    options: RequestOptions = {},
  ): Promise<ApiResponse<unknown>> {
    const { body, ...rest } = input;
    const path: Record<string, unknown> = {};
    const query: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      if (row.pathParams.includes(name)) path[name] = value;
      else query[name] = value instanceof Date ? value.toISOString() : value;
    }
    const missing = row.pathParams.find((name) => path[name] === undefined || path[name] === '');
    if (missing) throw new TypeError(`${row.method} ${row.path} needs the path parameter ${missing}`);

    const method = row.method.toUpperCase();
    const headers: Record<string, string> = {
      Accept: row.response === 'json' ? 'application/json' : '*/*',
      'Service-Version': options.apiVersion ?? this.apiVersion,
      'User-Agent': `partner-api-node/${SDK_VERSION}`,
      ...this.#headers,
      ...options.headers,
    };
    if (!row.keyless && this.#apiKey) headers.Authorization = `Bearer ${this.#apiKey}`;
    if (method === 'POST' && options.idempotencyKey !== false && !Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')) {
      headers['Idempotency-Key'] = options.idempotencyKey ?? crypto.randomUUID();
    }
    // A JSON operation whose body has no required field may be called without one: `{}` is sent.
    // An upload's body is sent as multipart/form-data (its `file` a Blob, with `filename`).
    const given = body ?? options.body;
    const payload =
      row.body === 'multipart' && given && !(given instanceof FormData)
        ? formDataOf(given as UploadInput)
        : (given ?? (row.body === 'json' ? {} : undefined));

    const state = { attempts: 0 };
    const maxRetries = options.maxRetries ?? this.#retry.maxRetries;
    return this.#raw
      .request(
        method.toLowerCase() as 'get',
        row.path as '/me',
        {
          // A path with its own server (the keyless pages, at the host root) is not under {base_url},
          // which ends with /v1 (spec: the major version segment).
          ...(row.server ? { baseUrl: `${this.baseUrl.replace(/\/v1$/, '')}${row.server.replace(/\/+$/, '')}` } : {}),
          params: { path, query },
          body: payload,
          headers,
          signal: options.signal,
          parseAs: row.response === 'json' ? 'json' : 'arrayBuffer',
          fetch: (request: Request) => this.#attempts(request, maxRetries, state),
        } as never,
      )
      .then(({ data, error, response }: { data?: unknown; error?: unknown; response: Response }) => {
        if (!response.ok) throw errorFor(response.status, error, response.headers);
        return {
          data: data instanceof ArrayBuffer ? new Uint8Array(data) : data,
          status: response.status,
          headers: response.headers,
          requestId: response.headers.get('request-id') ?? undefined,
          attempts: state.attempts,
        };
      });
  }

  /** Sends the request, and again while the answer is retryable and a retry is safe. */
  async #attempts(request: Request, maxRetries: number, state: { attempts: number }): Promise<Response> {
    const method = request.method.toUpperCase();
    const safe = safeToRetry(method, request.headers.has('idempotency-key'));
    // Read the body once, so every attempt sends the same bytes under the same key.
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let retry = 0; ; retry++) {
      state.attempts++;
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(this.#timeoutMs)]);
      const attempt = new Request(request.url, { method, headers: request.headers, body, signal, redirect: 'follow' });
      let response: Response;
      try {
        response = await this.#fetch(attempt);
      } catch (error) {
        if (request.signal.aborted) throw error;
        if (safe && retry < maxRetries) {
          await this.#sleep(retryDelayMs(retry, undefined, this.#retry));
          continue;
        }
        throw new ConnectionError(
          `${method} ${request.url}: no answer after ${state.attempts} attempt(s): ${(error as Error).message}`,
          error,
        );
      }
      if (!safe || retry >= maxRetries || !retryableAnswer(response.status, await errorCode(response))) return response;
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      if (retryAfter !== undefined && retryAfter > this.#retry.maxRetryAfterSeconds) return response;
      await response.body?.cancel();
      await this.#sleep(retryDelayMs(retry, retryAfter, this.#retry));
    }
  }
}

/** An upload's fields: text fields as they are, `file` the document (a Blob, or bytes) with its `filename`. */
export type UploadInput = Record<string, unknown> & { file: Blob | Uint8Array | ArrayBuffer; filename?: string };

/** The multipart/form-data of an upload (`uploadFile`): fetch sets its Content-Type and boundary. */
function formDataOf(input: UploadInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (name === 'file' || name === 'filename' || value === undefined) continue;
    form.append(name, String(value));
  }
  const file = input.file instanceof Blob ? input.file : new Blob([input.file as Uint8Array]);
  form.append('file', file, input.filename ?? (input.file instanceof File ? input.file.name : 'upload'));
  return form;
}

/** The envelope's code of a 409, without consuming the answer (only 409 needs it to decide). */
async function errorCode(response: Response): Promise<string | undefined> {
  if (response.status !== 409) return undefined;
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

// One method per operation of the document, on the prototype: `client.getCompany({ companyID })`.
export interface PartnerApi extends OperationMethods {}
for (const id of Object.keys(OPERATIONS) as OperationId[]) {
  Object.defineProperty(PartnerApi.prototype, id, {
    value: async function (this: PartnerApi, input?: AnyInput, options?: RequestOptions) {
      return (await this.request(id, input as never, options)).data;
    },
    writable: true,
    configurable: true,
  });
}
