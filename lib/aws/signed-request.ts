import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider, HttpRequest, SourceData } from '@smithy/types';
import { config } from '../config';
import type { AwsAction } from './actions';
import { roleCredentials } from './credentials';

/**
 * One signed call to an AWS service over HTTPS, for the few calls that do not need a whole generated
 * client: SES's SendEmail and S3's Put, Get and presigned Get. Each generated client carries every
 * operation's schemas and its protocol's codec (`@aws-sdk/client-s3` ~120 KB, `@aws-sdk/client-sesv2`
 * ~60 KB of every bundle that sends a mail or stores a file); AWS's own signer (`@smithy/signature-v4`)
 * and the SDK's credential chain are what those clients use too (docs/decisions.md, "Bundles").
 *
 * What the clients gave that is kept here: credentials from the default chain (Lambda's environment:
 * lib/aws/credentials.ts),
 * a timeout on every attempt, retries of what is worth retrying (a network error, 429, 5xx; three
 * attempts with jittered backoff, the SDK's standard mode), and an error that names the service's code.
 * Redirects are never followed (a 3xx is an error).
 */

/** An AWS service as this module calls it: its signing name and the host of a region's endpoint. */
export interface AwsService {
  signingName: string;
  /** `AWS_ENDPOINT_URL_<ID>` moves it (the SDK's own variable: a stand-in in tests). */
  endpointId: string;
  host: (region: string) => string;
}

export interface SignedCall {
  /** What IAM must allow (lib/aws/actions.ts): the stack grants it to the functions whose code names it. */
  action: AwsAction;
  method: 'GET' | 'PUT' | 'POST';
  /** The path, already escaped as it goes on the wire (and signed as such). */
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
}

export interface AwsAnswer {
  status: number;
  body: Buffer;
}

/** An AWS call that did not succeed: its HTTP status and the service's error code when it named one. */
export class AwsCallFailed extends Error {
  constructor(
    readonly service: string,
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(`${service} answered ${status} ${code}${detail ? `: ${detail}` : ''}`);
    this.name = code || 'AwsCallFailed';
  }
}

const ATTEMPTS = 3;
const ATTEMPT_TIMEOUT_MS = 10_000;
const BASE_DELAY_MS = 100;

let credentials: AwsCredentialIdentityProvider | undefined;

/** The credentials calls are signed with (tests set fixed ones; `undefined` goes back to the default chain). */
export function useAwsCredentials(fixed: AwsCredentialIdentity | undefined): void {
  credentials = fixed ? async () => fixed : undefined;
}

/** The scheme, host and port a service is called at: its regional endpoint, or `AWS_ENDPOINT_URL_<ID>`. */
export function serviceOrigin(service: AwsService): { url: URL; custom: boolean } {
  const custom = process.env[`AWS_ENDPOINT_URL_${service.endpointId}`];
  return custom ? { url: new URL(custom), custom: true } : { url: new URL(`https://${service.host(config().region)}`), custom: false };
}

function signer(service: AwsService, call: SignedCall, options: { applyChecksum: boolean }): SignatureV4 {
  if (call.action.service !== service.signingName)
    throw new Error(`${call.action.service}:${call.action.action} sent to ${service.signingName}`);
  if (!credentials) {
    const role = roleCredentials();
    credentials = async () => role();
  }
  return new SignatureV4({
    service: service.signingName,
    region: config().region,
    credentials,
    sha256: NodeSha256,
    // S3 signs the path as sent; other services escape it once more (the SDK's own settings).
    uriEscapePath: service.signingName !== 's3',
    applyChecksum: options.applyChecksum,
  });
}

function requestFor(origin: URL, call: SignedCall, headers: Record<string, string>): HttpRequest {
  const base = origin.pathname.replace(/\/$/, '');
  return {
    method: call.method,
    protocol: origin.protocol,
    hostname: origin.hostname,
    port: origin.port ? Number(origin.port) : undefined,
    path: `${base}${call.path}`,
    query: {},
    headers: { host: origin.host, ...headers },
    body: call.body,
  };
}

/** Sends `call` to `service`, signed, with the retries and timeout above; a non-2xx answer throws `AwsCallFailed`. */
export async function sendSigned(service: AwsService, call: SignedCall): Promise<AwsAnswer> {
  const { url: origin } = serviceOrigin(service);
  const sign = signer(service, call, { applyChecksum: true });
  for (let attempt = 1; ; attempt++) {
    let worthAnother: unknown;
    try {
      const signed = await sign.sign(requestFor(origin, call, call.headers ?? {}));
      const { host: _host, ...headers } = signed.headers;
      const res = await fetch(`${origin.protocol}//${origin.host}${signed.path}`, {
        method: call.method,
        headers,
        body: call.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status >= 200 && res.status < 300) return { status: res.status, body };
      const { code, message } = serviceError(body);
      const failed = new AwsCallFailed(service.signingName, res.status, code, message);
      if (res.status !== 429 && res.status < 500) throw failed; // the service refused: final
      worthAnother = failed;
    } catch (error) {
      if (error instanceof AwsCallFailed) throw error;
      worthAnother = error; // a network error or a timeout
    }
    if (attempt >= ATTEMPTS) throw worthAnother;
    await new Promise((r) => setTimeout(r, Math.random() * BASE_DELAY_MS * 2 ** attempt));
  }
}

/**
 * A presigned link to `call` (a GET), good for `expiresIn` seconds: S3's query-string authentication,
 * with the payload left unsigned as S3 requires of a link.
 */
export async function presignedUrl(service: AwsService, call: SignedCall, expiresIn: number): Promise<string> {
  const { url: origin } = serviceOrigin(service);
  const presigned = await signer(service, call, { applyChecksum: false }).presign(
    requestFor(origin, call, { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }),
    { expiresIn },
  );
  const query = Object.entries(presigned.query ?? {})
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v ?? '']]))
    .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
    .join('&');
  return `${origin.protocol}//${origin.host}${presigned.path}?${query}`;
}

/** Percent-encoding as SigV4's canonical query has it (RFC 3986: also ! ' ( ) *). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The service's error code and message: JSON's `__type`/`code` and `message` (SES), or XML's `<Code>` and `<Message>` (S3). */
function serviceError(body: Buffer): { code: string; message: string } {
  const text = body.toString('utf8', 0, 4096);
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text);
  if (code) return { code: code[1], message: /<Message>([^<]{1,500})<\/Message>/.exec(text)?.[1] ?? '' };
  try {
    const json = JSON.parse(text) as { __type?: string; code?: string; Code?: string; message?: string; Message?: string };
    const type = String(json.__type ?? json.code ?? json.Code ?? '');
    return { code: type.split('#').pop()!.split(':')[0], message: String(json.message ?? json.Message ?? '') };
  } catch {
    return { code: '', message: '' };
  }
}

/** node:crypto's SHA-256 (or HMAC-SHA-256 with a secret) behind the interface the signer takes. */
class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

function bytes(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}
