import { config } from '../config';
import type { AwsAction } from './actions';
import { roleCredentials } from './credentials';
import { type AwsCredentials, canonicalQuery, payloadHash, presignQuery, type SigningScope, signRequest } from './sigv4';

/**
 * One signed call to an AWS service over HTTPS, for the few calls that do not need a whole generated
 * client: SES's SendEmail and S3's Put, Get and presigned Get. Each generated client carries every
 * operation's schemas and its protocol's codec (`@aws-sdk/client-s3` ~120 KB, `@aws-sdk/client-sesv2`
 * ~60 KB of every bundle that sends a mail or stores a file). Signed by our one signer
 * (lib/aws/sigv4.ts), which a unit test holds to AWS's own (docs/decisions.md, "Bundles").
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

let credentials: (() => Promise<AwsCredentials> | AwsCredentials) | undefined;

/** The credentials calls are signed with (tests set fixed ones; `undefined` goes back to the role's). */
export function useAwsCredentials(fixed: AwsCredentials | undefined): void {
  credentials = fixed ? () => fixed : undefined;
}

/** The scheme, host and port a service is called at: its regional endpoint, or `AWS_ENDPOINT_URL_<ID>`. */
export function serviceOrigin(service: AwsService): { url: URL; custom: boolean } {
  const custom = process.env[`AWS_ENDPOINT_URL_${service.endpointId}`];
  return custom ? { url: new URL(custom), custom: true } : { url: new URL(`https://${service.host(config().region)}`), custom: false };
}

/** Who signs `call` for `service`: the credentials, and the scope (S3 signs its path as sent: AWS's own signer's settings). */
async function signing(service: AwsService, call: SignedCall): Promise<{ scope: SigningScope; creds: AwsCredentials }> {
  if (call.action.service !== service.signingName)
    throw new Error(`${call.action.service}:${call.action.action} sent to ${service.signingName}`);
  credentials ??= roleCredentials();
  return {
    scope: { region: config().region, service: service.signingName, escapePathAgain: service.signingName !== 's3' },
    creds: await credentials(),
  };
}

/** The path on the wire: the origin's own path (a stand-in's prefix), then the call's. */
const wirePath = (origin: URL, call: SignedCall) => `${origin.pathname.replace(/\/$/, '')}${call.path}`;

/** Sends `call` to `service`, signed, with the retries and timeout above; a non-2xx answer throws `AwsCallFailed`. */
export async function sendSigned(service: AwsService, call: SignedCall): Promise<AwsAnswer> {
  const { url: origin } = serviceOrigin(service);
  const path = wirePath(origin, call);
  const body = call.body ?? '';
  // The payload's hash in a header too, as AWS's signer adds it (S3 requires it).
  const given = Object.fromEntries(Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const unsigned = { ...given, 'x-amz-content-sha256': payloadHash(body) };
  for (let attempt = 1; ; attempt++) {
    let worthAnother: unknown;
    try {
      const { scope, creds } = await signing(service, call);
      const { host: _host, ...headers } = signRequest(
        { method: call.method, host: origin.host, path, headers: unsigned, body },
        scope,
        creds,
      );
      const res = await fetch(`${origin.protocol}//${origin.host}${path}`, {
        method: call.method,
        headers,
        body: call.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const answer = Buffer.from(await res.arrayBuffer());
      if (res.status >= 200 && res.status < 300) return { status: res.status, body: answer };
      const { code, message } = serviceError(answer);
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
  const path = wirePath(origin, call);
  const { scope, creds } = await signing(service, call);
  const query = presignQuery({ method: call.method, host: origin.host, path }, scope, creds, expiresIn);
  return `${origin.protocol}//${origin.host}${path}?${canonicalQuery(query)}`;
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
