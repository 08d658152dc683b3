import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { AwsServiceError, callJson, type JsonEndpoint, keepAliveAgent, RetryQuota, worthRetrying } from '../../lib/aws/json-protocol';
import { DecryptCommand, GenerateDataKeyCommand, KmsClient } from '../../lib/aws/kms';
import { presignQuery, signRequest } from '../../lib/aws/sigv4';
import { SendMessageBatchCommand, SqsClient } from '../../lib/aws/sqs';

/**
 * Our AWS JSON-protocol caller (lib/aws/json-protocol.ts, lib/aws/sigv4.ts), which the DynamoDB client
 * sends through: signatures equal to AWS's own signer's, the SDK's retry rules and error shape, the
 * timeouts, no redirect followed. A real HTTP server answers as the service would.
 */

/** SHA-256 from node:crypto behind the interface AWS's signer takes. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const bytes = (d: string | ArrayBuffer | ArrayBufferView) =>
  typeof d === 'string' ? d : ArrayBuffer.isView(d) ? Buffer.from(d.buffer, d.byteOffset, d.byteLength) : Buffer.from(d);

describe('Signature Version 4 (lib/aws/sigv4.ts)', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
  const cases = [
    { name: 'long-lived keys', credentials, region: 'us-east-1' },
    {
      name: 'a session (Lambda role) token',
      credentials: { ...credentials, sessionToken: 'FwoGZXIvYXdzEXAMPLE//token' },
      region: 'eu-west-2',
    },
  ];

  it.each(cases)('signs exactly as @smithy/signature-v4 does, with $name', async ({ credentials: creds, region }) => {
    const date = new Date('2026-11-26T07:08:09.123Z');
    const body = JSON.stringify({ TableName: 'partner-api', Key: { pk: { S: 'KEY#  spaced  é' }, sk: { S: 'KEY' } } });
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' };
    const ours = signRequest(
      { method: 'POST', host: `dynamodb.${region}.amazonaws.com`, path: '/', headers, body },
      { region, service: 'dynamodb' },
      creds,
      date,
    );
    const theirs = await new SignatureV4({ service: 'dynamodb', region, credentials: creds, sha256: Sha256, applyChecksum: false }).sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: `dynamodb.${region}.amazonaws.com`,
        path: '/',
        query: {},
        headers: { ...headers, host: `dynamodb.${region}.amazonaws.com` },
        body,
      },
      { signingDate: date },
    );
    expect(ours.authorization).toBe(theirs.headers.authorization);
    expect(ours['x-amz-date']).toBe(theirs.headers['x-amz-date']);
    expect(ours['x-amz-security-token']).toBe(theirs.headers['x-amz-security-token']);
  });
  const date = new Date('2026-11-26T07:08:09.123Z');
  const smithy = (service: string, region: string, uriEscapePath: boolean, creds = credentials) =>
    new SignatureV4({ service, region, credentials: creds, sha256: Sha256, applyChecksum: false, uriEscapePath });

  it('signs an S3 upload (binary body, its path as sent) and an SES call (its path escaped again) as @smithy/signature-v4 does', async () => {
    const body = new Uint8Array([0, 1, 2, 255]);
    const hash = createHash('sha256').update(body).digest('hex');
    const s3 = { method: 'PUT', host: 's3.us-east-1.amazonaws.com', path: '/files-bucket/uploads/a%20b/file_1' };
    const s3Headers = { 'content-type': 'application/pdf', 'x-amz-content-sha256': hash };
    const ours = signRequest({ ...s3, headers: s3Headers, body }, { region: 'us-east-1', service: 's3' }, credentials, date);
    const theirs = await smithy('s3', 'us-east-1', false).sign(
      { ...s3, protocol: 'https:', hostname: s3.host, query: {}, headers: { ...s3Headers, host: s3.host }, body },
      { signingDate: date },
    );
    expect(ours.authorization).toBe(theirs.headers.authorization);

    const ses = { method: 'POST', host: 'email.eu-west-2.amazonaws.com', path: '/v2/email/outbound-emails' };
    const sesBody = JSON.stringify({ Content: { Simple: { Subject: { Data: 'Ça va' } } } });
    const sesHeaders = { 'content-type': 'application/json', 'x-amz-content-sha256': createHash('sha256').update(sesBody).digest('hex') };
    const oursSes = signRequest(
      { ...ses, headers: sesHeaders, body: sesBody },
      { region: 'eu-west-2', service: 'ses', escapePathAgain: true },
      credentials,
      date,
    );
    const theirsSes = await smithy('ses', 'eu-west-2', true).sign(
      { ...ses, protocol: 'https:', hostname: ses.host, query: {}, headers: { ...sesHeaders, host: ses.host }, body: sesBody },
      { signingDate: date },
    );
    expect(oursSes.authorization).toBe(theirsSes.headers.authorization);
  });

  it('presigns an S3 link (host signed, payload unsigned) as @smithy/signature-v4 does', async () => {
    const session = { ...credentials, sessionToken: 'FwoGZXIvYXdzEXAMPLE//token' };
    const link = { method: 'GET', host: 's3.us-east-1.amazonaws.com', path: '/files-bucket/uploads/identity_document/file_abc' };
    const ours = presignQuery(link, { region: 'us-east-1', service: 's3' }, session, 600, date);
    const theirs = await smithy('s3', 'us-east-1', false, session).presign(
      {
        ...link,
        protocol: 'https:',
        hostname: link.host,
        query: {},
        headers: { host: link.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      },
      {
        signingDate: date,
        expiresIn: 600,
        unsignableHeaders: new Set(['x-amz-content-sha256']),
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    expect(ours).toEqual(theirs.query);
  });
});

describe('one JSON-protocol call (lib/aws/json-protocol.ts)', () => {
  let server: Server;
  let answer: (req: IncomingMessage, body: string, res: ServerResponse) => void;
  const seen: { target?: string; authorization?: string; body: string }[] = [];
  let endpoint: JsonEndpoint;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ target: String(req.headers['x-amz-target']), authorization: String(req.headers.authorization), body });
        answer(req, body, res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = {
      url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      region: 'us-east-1',
      service: 'dynamodb',
      targetPrefix: 'DynamoDB_20120810',
      contentType: 'application/x-amz-json-1.0',
      credentials: () => ({ accessKeyId: 'AKID', secretAccessKey: 'secret' }),
      maxAttempts: 3,
      connectionTimeoutMs: 500,
      requestTimeoutMs: 300,
      agent: keepAliveAgent(new URL('http://127.0.0.1')),
      retryQuota: new RetryQuota(),
    };
  });
  beforeEach(() => {
    seen.length = 0;
  });
  afterAll(async () => {
    endpoint.agent.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const json = (res: ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'REQ1' });
    res.end(JSON.stringify(payload));
  };

  it('posts the input signed, to the operation named in x-amz-target, and returns the answer with its metadata', async () => {
    answer = (_req, body, res) => json(res, 200, { Echo: JSON.parse(body) });
    const { output, $metadata } = await callJson(endpoint, 'GetItem', { TableName: 't' });
    expect(output).toEqual({ Echo: { TableName: 't' } });
    expect($metadata).toMatchObject({ httpStatusCode: 200, requestId: 'REQ1', attempts: 1 });
    expect(seen[0].target).toBe('DynamoDB_20120810.GetItem');
    expect(seen[0].authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
  });

  it("throws a refusal at once, named by the service's code, with the answer's fields on it, as the SDK's exceptions have them", async () => {
    const reasons = [{ Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }, { Code: 'None' }];
    answer = (_req, _body, res) =>
      json(res, 400, {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        message: 'Transaction cancelled',
        CancellationReasons: reasons,
      });
    const error = (await callJson(endpoint, 'TransactWriteItems', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.message).toBe('Transaction cancelled');
    expect(error.CancellationReasons).toEqual(reasons);
    expect(error.$fault).toBe('client');
    expect(error.$metadata).toMatchObject({ httpStatusCode: 400, attempts: 1 });
    expect(seen).toHaveLength(1);
  });

  it('retries throttles and 5xx up to maxAttempts, then throws the last', async () => {
    answer = (_req, _body, res) =>
      json(res, 400, { __type: 'com.amazon.coral.availability#ThrottlingException', message: 'Rate exceeded' });
    const error = (await callJson(endpoint, 'PutItem', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(error.name).toBe('ThrottlingException');
    expect(error.$metadata.attempts).toBe(3);
    expect(seen).toHaveLength(3);

    seen.length = 0;
    let calls = 0;
    answer = (_req, _body, res) => (++calls < 3 ? json(res, 503, { message: 'down' }) : json(res, 200, { ok: true }));
    const { output, $metadata } = await callJson(endpoint, 'PutItem', {});
    expect(output).toEqual({ ok: true });
    expect($metadata.attempts).toBe(3);
  });

  it('retries a request that got no answer in time, and gives up with a TimeoutError', async () => {
    answer = () => {}; // never answers
    const error = (await callJson(endpoint, 'GetItem', {}).catch((e: unknown) => e)) as Error & { $metadata: { attempts: number } };
    expect(error.name).toBe('TimeoutError');
    expect(error.$metadata.attempts).toBe(3);
    expect(seen).toHaveLength(3);
  });

  it('abandons a connection that does not open within its connection timeout, and retries it', async () => {
    // A name whose lookup never answers: the socket stays connecting, as behind a dropped SYN.
    const agent = new Agent({ lookup: (() => {}) as never });
    const stuck = { ...endpoint, url: new URL('http://dynamodb.never-answers.invalid'), connectionTimeoutMs: 100, agent };
    const error = (await callJson(stuck, 'GetItem', {}).catch((e: unknown) => e)) as Error & { $metadata: { attempts: number } };
    agent.destroy();
    expect(error.name).toBe('TimeoutError');
    expect(error.message).toBe('No connection after 100 ms');
    expect(error.$metadata.attempts).toBe(3);
  });

  it('follows no redirect: a 3xx is an error, sent once', async () => {
    answer = (_req, _body, res) => {
      res.writeHead(307, { location: 'http://169.254.169.254/' });
      res.end();
    };
    const error = (await callJson(endpoint, 'GetItem', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(error.name).toBe('UnexpectedRedirect');
    expect(error.$metadata.httpStatusCode).toBe(307);
    expect(seen).toHaveLength(1);
  });

  it('stops retrying while its retry quota is spent, as the SDK does, and retries again once calls succeed', async () => {
    const quota = new RetryQuota(10); // two retries' worth
    const failing = { ...endpoint, retryQuota: quota };
    let down = true;
    answer = (_req, _body, res) => (down ? json(res, 500, { message: 'down' }) : json(res, 200, {}));
    const first = (await callJson(failing, 'GetItem', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(first.$metadata.attempts).toBe(3); // two retries took the quota
    const second = (await callJson(failing, 'GetItem', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(second.$metadata.attempts).toBe(1); // none left: failed at once
    down = false;
    expect((await callJson(failing, 'GetItem', {})).$metadata.attempts).toBe(1); // a success gives a token back
    for (let i = 0; i < 4; i++) await callJson(failing, 'GetItem', {});
    down = true;
    const again = (await callJson(failing, 'GetItem', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(again.$metadata.attempts).toBe(2); // five tokens back: one retry's worth
  });

  it('retries what the SDK retries, and nothing else', () => {
    const named = (name: string, status = 400) => new AwsServiceError(name, '', status);
    for (const e of [
      named('ProvisionedThroughputExceededException'),
      named('ThrottlingException'),
      named('RequestLimitExceeded'),
      named('InternalServerError', 500),
    ])
      expect(worthRetrying(e)).toBe(true);
    expect(worthRetrying(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
    for (const e of [
      named('ConditionalCheckFailedException'),
      named('TransactionCanceledException'),
      named('ValidationException'),
      named('TransactionConflictException'),
    ])
      expect(worthRetrying(e)).toBe(false);
  });
});

describe('the KMS and SQS commands (lib/aws/kms.ts, lib/aws/sqs.ts)', () => {
  let server: Server;
  const seen: { target: string; contentType: string; body: Record<string, unknown> }[] = [];
  let url: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKID';
    process.env.AWS_SECRET_ACCESS_KEY = 'secret';
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const target = String(req.headers['x-amz-target']);
        seen.push({ target, contentType: String(req.headers['content-type']), body: JSON.parse(body) });
        const answers: Record<string, unknown> = {
          'TrentService.GenerateDataKey': {
            KeyId: 'k',
            Plaintext: Buffer.from([1, 2, 3]).toString('base64'),
            CiphertextBlob: Buffer.from('wrapped').toString('base64'),
          },
          'TrentService.Decrypt': { KeyId: 'k', Plaintext: Buffer.from([1, 2, 3]).toString('base64') },
          'AmazonSQS.SendMessageBatch': { Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: 'x' }], Failed: [] },
        };
        res.writeHead(200, { 'content-type': String(req.headers['content-type']) });
        res.end(JSON.stringify(answers[target] ?? {}));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env = saved;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('sends KMS its keys as base64 over AWS JSON 1.1, and hands them back as bytes, as the SDK did', async () => {
    const kms = new KmsClient(url);
    const made = await kms.send(new GenerateDataKeyCommand({ KeyId: 'alias/partner-api', KeySpec: 'AES_256' }));
    expect(made.Plaintext).toEqual(new Uint8Array([1, 2, 3]));
    expect(Buffer.from(made.CiphertextBlob!).toString()).toBe('wrapped');
    const opened = await kms.send(new DecryptCommand({ CiphertextBlob: Buffer.from('wrapped'), KeyId: 'alias/partner-api' }));
    expect(opened.Plaintext).toEqual(new Uint8Array([1, 2, 3]));
    expect(seen.map((s) => [s.target, s.contentType])).toEqual([
      ['TrentService.GenerateDataKey', 'application/x-amz-json-1.1'],
      ['TrentService.Decrypt', 'application/x-amz-json-1.1'],
    ]);
    expect(seen[1].body).toEqual({ CiphertextBlob: Buffer.from('wrapped').toString('base64'), KeyId: 'alias/partner-api' });
    kms.destroy();
  });

  it('sends SQS its batch as is over AWS JSON 1.0', async () => {
    seen.length = 0;
    const entry = { Id: '0', MessageBody: '{"a":1}', MessageGroupId: 'we_1', MessageDeduplicationId: 'd' };
    const sqs = new SqsClient(url);
    const sent = await sqs.send(new SendMessageBatchCommand({ QueueUrl: `${url}/q.fifo`, Entries: [entry] }));
    sqs.destroy();
    expect(sent.Successful).toHaveLength(1);
    expect(seen).toEqual([
      {
        target: 'AmazonSQS.SendMessageBatch',
        contentType: 'application/x-amz-json-1.0',
        body: { QueueUrl: `${url}/q.fifo`, Entries: [entry] },
      },
    ]);
  });
});
