import { createServer, request as forward, Agent, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * A fault-injecting proxy in front of DynamoDB Local (docs/decisions.md, "Proof"). It forwards every request
 * unchanged, except that, at configurable rates, it answers a DynamoDB call itself with the error the
 * real service sends, byte for byte in DynamoDB's JSON 1.0 wire format, so the SDK parses it as the
 * real exception and retries it (or not) exactly as it would in AWS. An injected fault is never
 * forwarded: the request is NOT applied, which is what DynamoDB guarantees for each of these errors.
 *
 * Kinds:
 * - `throughput` / `throttling`: `ProvisionedThroughputExceededException` / `ThrottlingException`
 *   (HTTP 400) on any operation; the SDK retries both as throttles, with backoff.
 * - `transaction_conflict`: a `TransactWriteItems` cancelled with `TransactionCanceledException`, one
 *   `CancellationReasons` entry per item, one of them `TransactionConflict` (another transaction on
 *   that item); the SDK does NOT retry it: our commit layer must.
 * - `write_conflict`: `TransactionConflictException` on a single-item write (PutItem, UpdateItem,
 *   DeleteItem) that meets an item in an ongoing transaction; the SDK does not retry it either.
 *
 * The operation comes from the `X-Amz-Target` header (`DynamoDB_20120810.<Operation>`). DynamoDB
 * Streams calls (`DynamoDBStreams_20120810.*`) pass through: the stream's reader in AWS is Lambda's
 * event-source mapping, not our code.
 */
export type FaultKind = 'throughput' | 'throttling' | 'transaction_conflict' | 'write_conflict';
export const FAULT_KINDS: FaultKind[] = ['throughput', 'throttling', 'transaction_conflict', 'write_conflict'];

export interface FaultRates {
  /** Share of DynamoDB calls (any operation) answered with a throttle, split evenly between the two kinds. */
  throttle: number;
  /** Share of TransactWriteItems cancelled by a TransactionConflict. */
  transactionConflict: number;
  /** Share of PutItem / UpdateItem / DeleteItem refused with TransactionConflictException. */
  writeConflict: number;
}

export const NO_FAULTS: FaultRates = { throttle: 0, transactionConflict: 0, writeConflict: 0 };

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`: give it to the SDK as the DynamoDB endpoint. */
  endpoint: string;
  setRates(rates: FaultRates): void;
  /** DynamoDB calls seen, faults injected by kind, and calls per operation. */
  stats(): { calls: number; forwarded: number; injected: Record<FaultKind, number>; byOperation: Record<string, number> };
  close(): Promise<void>;
}

const SINGLE_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem']);

/** DynamoDB's own answer for each kind: `__type` (namespace#name) and the message it sends. */
export function faultAnswer(
  kind: FaultKind,
  transactItems = 1,
  conflictAt = 0,
): { status: number; headers: Record<string, string>; body: string } {
  const ns = 'com.amazonaws.dynamodb.v20120810';
  let payload: Record<string, unknown>;
  switch (kind) {
    case 'throughput':
      payload = {
        __type: `${ns}#ProvisionedThroughputExceededException`,
        message:
          'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
      };
      break;
    case 'throttling':
      payload = {
        __type: 'com.amazon.coral.availability#ThrottlingException',
        message: 'Rate of requests exceeds the allowed throughput.',
      };
      break;
    case 'write_conflict':
      payload = { __type: `${ns}#TransactionConflictException`, message: 'Transaction is ongoing for the item' };
      break;
    case 'transaction_conflict': {
      const codes = Array.from({ length: Math.max(1, transactItems) }, (_, i) => (i === conflictAt ? 'TransactionConflict' : 'None'));
      payload = {
        __type: `${ns}#TransactionCanceledException`,
        CancellationReasons: codes.map((Code) => (Code === 'None' ? { Code } : { Code, Message: 'Transaction is ongoing for the item' })),
        Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
      };
      break;
    }
  }
  const body = JSON.stringify(payload);
  return {
    status: 400,
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'Content-Length': String(Buffer.byteLength(body)),
      'x-amzn-RequestId': randomUUID().replace(/-/g, '').toUpperCase(),
      'x-amz-crc32': String(crc32(body)),
    },
    body,
  };
}

/** A small seeded generator (mulberry32), so a run's faults can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function operationOf(headers: IncomingHttpHeaders): { service: string; operation: string } {
  const target = String(headers['x-amz-target'] ?? '');
  const dot = target.indexOf('.');
  return dot < 0 ? { service: '', operation: target } : { service: target.slice(0, dot), operation: target.slice(dot + 1) };
}

/**
 * Which fault, if any, this call gets. One draw per call: a throttle first (any operation), else a
 * conflict where the operation can meet one.
 */
function chooseFault(operation: string, rates: FaultRates, random: () => number): FaultKind | undefined {
  const r = random();
  if (r < rates.throttle) return r < rates.throttle / 2 ? 'throughput' : 'throttling';
  const rest = (r - rates.throttle) / (1 - rates.throttle || 1);
  if (operation === 'TransactWriteItems' && rest < rates.transactionConflict) return 'transaction_conflict';
  if (SINGLE_WRITES.has(operation) && rest < rates.writeConflict) return 'write_conflict';
  return undefined;
}

export async function startFaultProxy(options: {
  upstream: string;
  rates?: FaultRates;
  seed?: number;
  port?: number;
}): Promise<FaultProxy> {
  const upstream = new URL(options.upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const random = seededRandom(options.seed ?? Date.now());
  let rates = { ...(options.rates ?? NO_FAULTS) };
  let calls = 0;
  let forwarded = 0;
  const injected = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  const byOperation: Record<string, number> = {};

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { service, operation } = operationOf(req.headers);
      const isDynamoDb = service === 'DynamoDB_20120810';
      if (isDynamoDb) {
        calls++;
        byOperation[operation] = (byOperation[operation] ?? 0) + 1;
        const kind = chooseFault(operation, rates, random);
        if (kind) {
          injected[kind]++;
          let items = 1;
          if (kind === 'transaction_conflict') {
            try {
              items = (JSON.parse(body.toString('utf8')) as { TransactItems?: unknown[] }).TransactItems?.length ?? 1;
            } catch {
              items = 1;
            }
          }
          const answer = faultAnswer(kind, items, Math.floor(random() * items));
          res.writeHead(answer.status, answer.headers).end(answer.body);
          return;
        }
        forwarded++;
      }
      const out = forward(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on('error', (error) => {
        // DynamoDB Local unreachable: a connection reset, as the SDK would see it without a proxy.
        if (!res.headersSent) res.destroy(error);
      });
      out.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    setRates: (next) => (rates = { ...next }),
    stats: () => ({ calls, forwarded, injected: { ...injected }, byOperation: { ...byOperation } }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
