import { createHash, createHmac } from 'node:crypto';

/** What a request is signed with: a key pair, and the session token when the pair is temporary (Lambda's role). */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** A request to sign: everything that goes into its canonical form. */
export interface RequestToSign {
  method: string;
  /** `host[:port]` as sent in the Host header. */
  host: string;
  /** The path as it goes on the wire (already escaped). */
  path: string;
  /** The query's parameters, unescaped. */
  query?: Record<string, string>;
  /** Lower-case names. Every one given is signed. */
  headers: Record<string, string>;
  /** The body, or the payload hash to sign in its place (`UNSIGNED-PAYLOAD` for a presigned link). */
  body: string | Uint8Array | { hash: string };
}

/** Where a signature is valid: the service's signing name and the region. */
export interface SigningScope {
  region: string;
  service: string;
  /** S3 signs the path as sent; every other service escapes it once more (AWS's own signer's `uriEscapePath`). */
  escapePathAgain?: boolean;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** Signing keys by credentials, day, region and service: one HMAC chain a day instead of four HMACs a request. */
const signingKeys = new Map<string, Buffer>();

/**
 * Signs a request with AWS Signature Version 4 (docs.aws.amazon.com, "Create a signed AWS API request")
 * and returns the headers to send: the given ones plus `x-amz-date`, the session token when there is
 * one, and `authorization`. The one signer of every call we make to AWS (docs/decisions.md, "AWS
 * clients of our own"); a unit test compares it with AWS's own, `@smithy/signature-v4`.
 */
export function signRequest(
  request: RequestToSign,
  scope: SigningScope,
  credentials: AwsCredentials,
  now: Date = new Date(),
): Record<string, string> {
  const amzDate = amzDateOf(now);
  const headers: Record<string, string> = { ...request.headers, host: request.host, 'x-amz-date': amzDate };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const { signedHeaders, signature, credentialScope } = sign({ ...request, headers }, scope, credentials, amzDate);
  headers.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

/**
 * The query of a presigned link to `request` (SigV4's query form), good for `expiresIn` seconds: only
 * the host is signed, and the payload is not (`UNSIGNED-PAYLOAD`), as S3 requires of a link.
 */
export function presignQuery(
  request: Omit<RequestToSign, 'headers' | 'body'>,
  scope: SigningScope,
  credentials: AwsCredentials,
  expiresIn: number,
  now: Date = new Date(),
): Record<string, string> {
  const amzDate = amzDateOf(now);
  const query: Record<string, string> = {
    ...request.query,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Credential': `${credentials.accessKeyId}/${credentialScopeOf(amzDate, scope)}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(expiresIn),
    'X-Amz-SignedHeaders': 'host',
  };
  if (credentials.sessionToken) query['X-Amz-Security-Token'] = credentials.sessionToken;
  const { signature } = sign(
    { ...request, query, headers: { host: request.host }, body: { hash: 'UNSIGNED-PAYLOAD' } },
    scope,
    credentials,
    amzDate,
  );
  return { ...query, 'X-Amz-Signature': signature };
}

/** A query string as SigV4 canonicalises it: every name and value escaped (RFC 3986), sorted by name. */
export function canonicalQuery(query: Record<string, string> = {}): string {
  return Object.entries(query)
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Percent-encoding as SigV4 has it (RFC 3986: also ! ' ( ) *). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The SHA-256 of a payload, as `x-amz-content-sha256` and the canonical request carry it. */
export function payloadHash(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

function sign(
  request: RequestToSign,
  scope: SigningScope,
  credentials: AwsCredentials,
  amzDate: string,
): { signedHeaders: string; signature: string; credentialScope: string } {
  const names = Object.keys(request.headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    request.method,
    canonicalPath(request.path, scope.escapePathAgain ?? false),
    canonicalQuery(request.query),
    ...names.map((n) => `${n}:${request.headers[n].trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    typeof request.body === 'object' && 'hash' in request.body ? request.body.hash : payloadHash(request.body),
  ].join('\n');
  const credentialScope = credentialScopeOf(amzDate, scope);
  const stringToSign = [ALGORITHM, amzDate, credentialScope, payloadHash(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, amzDate.slice(0, 8), scope))
    .update(stringToSign)
    .digest('hex');
  return { signedHeaders, signature, credentialScope };
}

/** The path as signed: as sent for S3; for the others, its segments (`.` and `..` resolved) escaped once more. */
function canonicalPath(path: string, escapeAgain: boolean): string {
  if (!escapeAgain) return path;
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const normal = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length && path.endsWith('/') ? '/' : ''}`;
  return rfc3986(normal).replace(/%2F/g, '/');
}

const amzDateOf = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const credentialScopeOf = (amzDate: string, scope: SigningScope) => `${amzDate.slice(0, 8)}/${scope.region}/${scope.service}/aws4_request`;

function signingKey(secret: string, day: string, scope: SigningScope): Buffer {
  const id = `${day}|${scope.region}|${scope.service}|${payloadHash(secret)}`;
  let key = signingKeys.get(id);
  if (!key) {
    key = [day, scope.region, scope.service, 'aws4_request'].reduce<Buffer>(
      (k, part) => createHmac('sha256', k).update(part).digest(),
      Buffer.from(`AWS4${secret}`, 'utf8'),
    );
    if (signingKeys.size > 16) signingKeys.clear(); // a new day or rotated credentials: the old keys are dead
    signingKeys.set(id, key);
  }
  return key;
}
