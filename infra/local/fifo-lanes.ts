import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { openLocalQueue, type LocalQueue, type LocalQueueOptions } from './fifo-queue/local-queue';
import type { QueueError } from './fifo-queue/message';

/**
 * A STAND-IN FOR FIFO SQS ON A DEVELOPER'S MACHINE ONLY (the embedded default and its tests). In AWS
 * the CDK stack's FIFO queue and Lambda's event source mapping do this job.
 *
 * It keeps the semantics the delivery pipeline relies on:
 * - message groups: one group is never handed out while one of its messages is in flight, and its
 *   messages go out in send order;
 * - delivery delay (the queue's DeliveryDelay: the two-second hold), visibility timeouts set on
 *   receipt and changed by ChangeMessageVisibility, receive counts, receipt handles;
 * - the 5-minute deduplication window on MessageDeduplicationId (across a restart only for messages
 *   still queued);
 * - Lambda's side: batches of up to 10 (one group each here), the handler's `batchItemFailures`
 *   left on the queue and everything else deleted, several batches in flight at once;
 * - several queues at one endpoint, each with its own handler loop (its own event source mapping).
 *
 * The SQS client of lib/ talks to it over HTTP (the SQS JSON protocol) at the queue URL it serves, so
 * nothing in lib/ or functions/ knows it is local. Each queue is its pieces in infra/local/fifo-queue/:
 * the messages in memory, written through to DynamoDB Local (pending deliveries survive a restart of
 * `npm start`), the pump that hands batches to the handler, and the SQS operations. Time is
 * lib/clock's, so tests can move a multi-day schedule forward without waiting.
 */
export type FifoLanesOptions = LocalQueueOptions;

export interface FifoLanes {
  /** The first queue's URL (the only one of a single queue). */
  queueUrl: string;
  /** Every queue's URL, in the order of `queueNames` (lane shard 0 first). */
  queueUrls: string[];
  /** Look for due messages now (after a test moved the clock). */
  poke(): void;
  /** A look at the queued messages of one group (tests): ids, receive counts and visibility (a group lives in one queue). */
  peek(group: string): { messageId: string; receiveCount: number; visibleAt: number; availableAt: number }[];
  /** Batches being handled right now, over every queue. */
  busy(): number;
  /** Stops handing out batches; waits for those in flight (at most `graceMs` when given). */
  stop(graceMs?: number): Promise<void>;
}

/** One FIFO queue served at its own URL. */
export function startFifoLanes(options: FifoLanesOptions): Promise<FifoLanes> {
  const { queueName, ...rest } = options;
  return startFifoLaneShards({ ...rest, queueNames: [queueName] });
}

/**
 * Several FIFO queues behind one local endpoint (as SQS serves many queues at one regional endpoint),
 * each with its own handler loop and `concurrency`, as each queue of the stack has its own event source
 * mapping: the embedded default's sharded delivery lanes (lib/webhooks/lane-shards.ts).
 */
export async function startFifoLaneShards(options: Omit<FifoLanesOptions, 'queueName'> & { queueNames: string[] }): Promise<FifoLanes> {
  const queues = new Map<string, LocalQueue>();
  try {
    for (const queueName of options.queueNames) queues.set(queueName, await openLocalQueue({ ...options, queueName }));
  } catch (error) {
    await Promise.all([...queues.values()].map((q) => q.halt()));
    throw error;
  }
  const server = createServer((req, res) => answerSqsRequest(queues, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const queueUrls = options.queueNames.map((name) => `http://127.0.0.1:${port}/000000000000/${name}`);
  const all = [...queues.values()];
  for (const q of all) q.poke();

  return {
    queueUrl: queueUrls[0],
    queueUrls,
    poke: () => {
      for (const q of all) q.poke();
    },
    peek: (group) => all.flatMap((q) => q.peek(group)),
    busy: () => all.reduce((sum, q) => sum + q.busy(), 0),
    stop: async (graceMs?: number) => {
      await Promise.all(all.map((q) => q.halt(graceMs)));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** One SQS JSON-protocol request: routed to its queue by `QueueUrl`, to its operation by `X-Amz-Target`. */
function answerSqsRequest(queues: Map<string, LocalQueue>, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const target = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const queue = queues.get(
        String(input.QueueUrl ?? '')
          .split('/')
          .pop() ?? '',
      );
      if (!queue) return reply(400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: `No queue at ${input.QueueUrl}` });
      const operation = queue.operations[target];
      if (!operation)
        return reply(400, {
          __type: 'com.amazonaws.sqs#UnsupportedOperation',
          message: `${target} is not supported by the local stand-in`,
        });
      reply(200, await operation(input));
    } catch (error) {
      reply(400, { __type: `com.amazonaws.sqs#${(error as QueueError).type ?? 'InternalError'}`, message: (error as Error).message });
    }
  });
}
