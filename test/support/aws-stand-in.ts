import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetS3Client } from '../../lib/aws/s3';
import { resetSesClient } from '../../lib/aws/ses';

/** The fixed credentials tests sign with (`useAwsCredentials`). */
export const TEST_CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

/**
 * The credentials the S3 and SES clients sign with from now on (`undefined`: none of ours): put where
 * the SDK's default chain finds them first, the environment, as Lambda puts its role's, and the
 * clients made again so that they read them (and their endpoint) afresh.
 */
export function useAwsCredentials(credentials: { accessKeyId: string; secretAccessKey: string } | undefined): void {
  if (credentials) {
    process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  } else {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
  }
  delete process.env.AWS_SESSION_TOKEN;
  resetS3Client();
  resetSesClient();
}

export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Whether the SigV4 signature (header or query) checks out with TEST_CREDENTIALS, recomputed here. */
  signatureValid: boolean;
  /** The signing scope's service and region (`…/<region>/<service>/aws4_request`). */
  scope: { region: string; service: string };
}

export interface StandIn {
  url: string;
  calls: ReceivedCall[];
  /** The answers to give, in turn (the last one repeats); default 200 with an empty body. */
  answer: (answers: { status: number; body?: string | Buffer; headers?: Record<string, string> }[]) => void;
  close: () => Promise<void>;
}

/**
 * A stand-in for an AWS endpoint over real HTTP: records each call and checks its signature by
 * computing AWS Signature Version 4 from the request as received (an independent implementation of
 * the published algorithm, not the signer under test), then answers as told.
 */
export async function awsStandIn(): Promise<StandIn> {
  const calls: ReceivedCall[] = [];
  let answers: { status: number; body?: string | Buffer; headers?: Record<string, string> }[] = [];
  let served = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const checked = verifySigV4(req, url, body);
      calls.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, ...checked });
      const a = answers[Math.min(served++, answers.length - 1)] ?? { status: 200 };
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answer: (next) => {
      answers = next;
      served = 0;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SigV4 as AWS documents it ("Create a canonical request for Signature Version 4"), header or query form. */
function verifySigV4(req: IncomingMessage, url: URL, body: Buffer): Pick<ReceivedCall, 'signatureValid' | 'scope'> {
  const auth = req.headers.authorization;
  const fromQuery = url.searchParams.get('X-Amz-Signature');
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  if (auth) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(auth);
    if (!m) return { signatureValid: false, scope: { region: '', service: '' } };
    [, credential, signedHeaders, signature] = m;
    amzDate = String(req.headers['x-amz-date'] ?? '');
  } else if (fromQuery) {
    credential = url.searchParams.get('X-Amz-Credential') ?? '';
    signedHeaders = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
    signature = fromQuery;
    amzDate = url.searchParams.get('X-Amz-Date') ?? '';
  } else {
    return { signatureValid: false, scope: { region: '', service: '' } };
  }
  const [akid, date, region, service] = credential.split('/');
  const query = [...url.searchParams]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  // S3 signs the path as sent; other services uriEncode it once more.
  const path = service === 's3' ? url.pathname : url.pathname.split('/').map(uriEncode).join('/');
  const payload = auth
    ? String(req.headers['x-amz-content-sha256'] ?? sha256(body))
    : (url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD');
  if (auth && req.headers['x-amz-content-sha256'] && req.headers['x-amz-content-sha256'] !== sha256(body)) {
    return { signatureValid: false, scope: { region, service } };
  }
  const canonical = [req.method, path, query, canonicalHeaders, signedHeaders, payload].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/${service}/aws4_request`, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${TEST_CREDENTIALS.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    signatureValid: akid === TEST_CREDENTIALS.accessKeyId && expected === signature && names.includes('host'),
    scope: { region, service },
  };
}
