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
  /** The path as it goes on the wire; the JSON protocols always post to `/`. */
  path: string;
  /** Lower-case names. Every one given is signed. */
  headers: Record<string, string>;
  body: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** Signing keys by credentials, day, region and service: one HMAC chain a day instead of four HMACs a request. */
const signingKeys = new Map<string, Buffer>();

/**
 * Signs a request with AWS Signature Version 4 (docs.aws.amazon.com, "Create a signed AWS API request")
 * and returns the headers to send: the given ones plus `x-amz-date`, the session token when there is
 * one, and `authorization`. Written for the JSON protocols' POST to `/` with no query string, which is
 * all the DynamoDB client sends (docs/decisions.md, "A DynamoDB client of our own"); a unit test
 * compares every header with AWS's own signer, `@smithy/signature-v4`.
 */
export function signRequest(
  request: RequestToSign,
  scope: { region: string; service: string },
  credentials: AwsCredentials,
  now: Date = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...request.headers, host: request.host, 'x-amz-date': amzDate };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonical = [
    request.method,
    request.path,
    '',
    ...names.map((n) => `${n}:${headers[n].trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, credentialScope, sha256Hex(canonical)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, scope))
    .update(stringToSign)
    .digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

function signingKey(secret: string, day: string, scope: { region: string; service: string }): Buffer {
  const id = `${day}|${scope.region}|${scope.service}|${sha256Hex(secret)}`;
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

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
