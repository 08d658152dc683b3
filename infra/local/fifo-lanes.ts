import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, PutCommand, QueryCommand } from '../../lib/store/dynamodb';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { db, tableName } from '../../lib/store/client';
import { localQueueMessageKey, localQueuePartition } from '../../lib/store/keys';
import { now } from '../../lib/clock';
import { logger } from '../../lib/observability/logger';

/**
 * A STAND-IN FOR FIFO SQS ON A DEVELOPER'S MACHINE ONLY (the embedded default and its tests). In AWS
 * the CDK stack's FIFO queue and Lambda's event source mapping do this job.
 *
 * It keeps the semantics the delivery pipeline relies on:
 * - message groups: one group is never handed out while one of its messages is in flight, and its
 *   messages go out in send order;
 * - delivery delay (the queue's DeliveryDelay: the spec's two-second hold), visibility timeouts set on
 *   receipt and changed by ChangeMessageVisibility, receive counts, receipt handles;
 * - the 5-minute deduplication window on MessageDeduplicationId (across a restart only for messages
 *   still queued);
 * - Lambda's side: batches of up to 10 (one group each here), the handler's `batchItemFailures`
 *   left on the queue and everything else deleted, several batches in flight at once;
 * - several queues at one endpoint, each with its own handler loop (its own event source mapping).
 *
 * The SQS client of lib/ talks to it over HTTP (the SQS JSON protocol: SendMessage(Batch),
 * ChangeMessageVisibility(Batch), DeleteMessage(Batch), GetQueueAttributes) at the queue URL it
 * serves, so nothing in lib/ or functions/ knows it is local. Messages are written through to
 * DynamoDB Local, so pending deliveries survive a restart of `npm start`. Time is lib/clock's, so tests
 * can move a multi-day schedule forward without waiting.
 */

export interface FifoLanesOptions {
  queueName: string;
  /** The queue's DeliveryDelay. */
  delayMs: number;
  /** Visibility timeout given on receipt (the queue's VisibilityTimeout). */
  visibilityTimeoutSeconds: number;
  /** How many batches may be in flight at once (Lambda concurrency). */
  concurrency: number;
  handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
  /** Lambda's timeout, handed to the handler as its remaining time. */
  invocationTimeoutMs?: number;
}

export interface FifoLanes {
  /** The first queue's URL (the only one of a single queue). */
  queueUrl: string;
  /** Every queue's URL, in the order of `queueNames` (lane shard 0 first). */
  queueUrls: string[];
  /** Look for due messages now (after a test moved the clock). */
  poke(): void;
  /** A look at the queued messages of one group (tests): receive counts and visibility (a group lives in one queue). */
  peek(group: string): { receiveCount: number; visibleAt: number; availableAt: number }[];
  /** Batches being handled right now, over every queue. */
  busy(): number;
  /** Stops handing out batches; waits for those in flight (at most `graceMs` when given). */
  stop(graceMs?: number): Promise<void>;
}

/** One queue of the stand-in, without its HTTP face (the server routes to it by the request's QueueUrl). */
interface LocalQueue {
  // biome-ignore lint/suspicious/noExplicitAny: a table of differently typed SQS operations
  operations: Record<string, (input: any) => Promise<unknown>>;
  poke(): void;
  peek: FifoLanes['peek'];
  busy(): number;
  halt(graceMs?: number): Promise<void>;
}

interface Message {
  sequence: string;
  message_id: string;
  body: string;
  group: string;
  dedup_id: string;
  sent_at: number;
  available_at: number;
  visible_at: number;
  receive_count: number;
  first_receive_at?: number;
  receipt_handle?: string;
}

const DEDUP_WINDOW_MS = 5 * 60 * 1000;
const MAX_BATCH = 10;
const IDLE_POLL_MS = 250;

class QueueError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
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
    for (const queueName of options.queueNames) queues.set(queueName, await openQueue({ ...options, queueName }));
  } catch (error) {
    await Promise.all([...queues.values()].map((q) => q.halt()));
    throw error;
  }
  const server: Server = createServer((req, res) => {
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
  });
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

async function openQueue(options: FifoLanesOptions): Promise<LocalQueue> {
  const table = tableName();
  const groups = new Map<string, Message[]>();
  const byHandle = new Map<string, Message>();
  const dedup = new Map<string, number>();
  let lastSequence = 0;
  let running = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = Infinity;
  const inFlight = new Set<Promise<void>>();

  // Rebuild from DynamoDB Local: what was queued before a restart is still queued.
  for (const item of await queryAll(table, localQueuePartition(options.queueName))) {
    const m = item as unknown as Message;
    const list = groups.get(m.group) ?? [];
    list.push(m);
    groups.set(m.group, list);
    if (m.receipt_handle) byHandle.set(m.receipt_handle, m);
    lastSequence = Math.max(lastSequence, Number(m.sequence));
  }
  for (const list of groups.values()) list.sort((a, b) => a.sequence.localeCompare(b.sequence));
  // The deduplication window survives a restart through the messages still queued.
  for (const list of groups.values())
    for (const m of list) dedup.set(m.dedup_id, Math.max(dedup.get(m.dedup_id) ?? 0, m.sent_at + DEDUP_WINDOW_MS));

  const persist = (m: Message) => db().send(new PutCommand({ TableName: table, Item: itemOf(m) }));
  const itemOf = (m: Message) => ({ ...localQueueMessageKey(options.queueName, m.sequence), entity: 'local_queue_message', ...m });
  /** Puts and deletes of many messages in BatchWriteItem calls (25 each). */
  const writeMany = async (puts: Message[], deletes: Message[]) => {
    const requests = [
      ...puts.map((m) => ({ PutRequest: { Item: itemOf(m) } })),
      ...deletes.map((m) => ({ DeleteRequest: { Key: localQueueMessageKey(options.queueName, m.sequence) } })),
    ];
    for (let i = 0; i < requests.length; i += 25) {
      let pending: typeof requests | undefined = requests.slice(i, i + 25);
      while (pending?.length) {
        const res = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = res.UnprocessedItems?.[table] as typeof requests | undefined;
      }
    }
  };

  /** Queues one message; `written` collects it for the caller's batch write (else it is written now). */
  async function send(entry: { MessageBody: string; MessageGroupId?: string; MessageDeduplicationId?: string }, written?: Message[]) {
    if (!entry.MessageGroupId) throw new QueueError('MissingParameter', 'MessageGroupId is required on a FIFO queue');
    const t = now().getTime();
    const dedupId = entry.MessageDeduplicationId ?? createHash('sha256').update(entry.MessageBody).digest('hex');
    const md5 = createHash('md5').update(entry.MessageBody).digest('hex');
    const seen = dedup.get(dedupId);
    if (seen !== undefined && seen > t) return { MessageId: randomUUID(), MD5OfMessageBody: md5, SequenceNumber: String(lastSequence) };
    lastSequence = Math.max(t * 1000, lastSequence + 1);
    const m: Message = {
      sequence: String(lastSequence).padStart(20, '0'),
      message_id: randomUUID(),
      body: entry.MessageBody,
      group: entry.MessageGroupId,
      dedup_id: dedupId,
      sent_at: t,
      available_at: t + options.delayMs,
      visible_at: 0,
      receive_count: 0,
    };
    dedup.set(dedupId, t + DEDUP_WINDOW_MS);
    // Queued in send order before the (concurrent) write: a batch's entries keep their order.
    const list = groups.get(m.group) ?? [];
    list.push(m);
    groups.set(m.group, list);
    if (written) written.push(m);
    else await persist(m);
    schedule(options.delayMs);
    return { MessageId: m.message_id, MD5OfMessageBody: md5, SequenceNumber: m.sequence };
  }

  function message(handle: string): Message {
    const m = byHandle.get(handle);
    if (!m) throw new QueueError('ReceiptHandleIsInvalid', 'The receipt handle is not valid (deleted or superseded).');
    return m;
  }

  async function changeVisibility(handle: string, seconds: number, written?: Message[]) {
    const m = message(handle);
    m.visible_at = now().getTime() + seconds * 1000;
    if (written) written.push(m);
    else await persist(m);
    schedule(seconds * 1000);
  }

  /** Takes messages off the queue; SQS accepts a delete of an already deleted message. */
  async function remove(handles: string[]) {
    const gone: Message[] = [];
    for (const handle of handles) {
      const m = byHandle.get(handle);
      if (!m) continue;
      byHandle.delete(handle);
      const list = groups.get(m.group) ?? [];
      const index = list.indexOf(m);
      if (index >= 0) list.splice(index, 1);
      if (list.length === 0) groups.delete(m.group);
      gone.push(m);
    }
    persistDeletes(gone);
  }

  /**
   * Deletes are written behind: the in-memory queue is the truth while running, so the group's next
   * batch need not wait for DynamoDB Local. They are written one call after another, in the order
   * they were removed (those that pile up meanwhile go together, 25 per call), so after a kill the
   * stored queue still holds each group's messages from some point on, in order: at most messages
   * already handled come again (at-least-once, as after a kill between the handler and the delete).
   * stop() waits for them.
   */
  let deleting: Message[] = [];
  let deleteWriter: Promise<void> | undefined;
  function persistDeletes(gone: Message[]) {
    if (gone.length === 0) return;
    deleting.push(...gone);
    deleteWriter ??= (async () => {
      try {
        while (deleting.length) {
          const next = deleting;
          deleting = [];
          // A failed delete leaves the messages stored (handed out again only after a restart), as before.
          await writeMany([], next).catch((error: unknown) =>
            logger.error('local FIFO lanes: deleting handled messages failed', { error: error as Error }),
          );
        }
      } finally {
        deleteWriter = undefined;
      }
    })();
  }

  /** The next batch of a group, if the group has nothing in flight and its head is due. */
  function takeBatch(list: Message[], t: number): Message[] {
    if (list.some((m) => m.receive_count > 0 && m.visible_at > t)) return [];
    const batch: Message[] = [];
    for (const m of list) {
      if (m.available_at > t || m.visible_at > t || batch.length === MAX_BATCH) break;
      batch.push(m);
    }
    return batch;
  }

  /** Run the pump within `delayMs` (never later than it is already due; at least every 250 ms). */
  function schedule(delayMs = 0) {
    if (stopped) return;
    const due = Date.now() + Math.max(0, Math.min(delayMs, IDLE_POLL_MS));
    if (timer && timerDue <= due) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(pump, Math.max(0, due - Date.now()));
  }

  function pump() {
    timer = undefined;
    timerDue = Infinity;
    if (stopped) return;
    const t = now().getTime();
    const served: string[] = [];
    for (const [group, list] of groups) {
      if (running >= options.concurrency) break;
      const batch = takeBatch(list, t);
      if (batch.length) {
        launch(batch, t);
        served.push(group);
      }
    }
    // Round robin: groups just served go to the back, so no lane starves another.
    for (const group of served) {
      const list = groups.get(group);
      if (list) {
        groups.delete(group);
        groups.set(group, list);
      }
    }
    if (dedup.size > 10_000) for (const [id, until] of dedup) if (until <= t) dedup.delete(id);
    schedule(IDLE_POLL_MS);
  }

  function launch(batch: Message[], t: number) {
    running++;
    for (const m of batch) {
      if (m.receipt_handle) byHandle.delete(m.receipt_handle);
      m.receive_count += 1;
      m.first_receive_at ??= t;
      m.receipt_handle = randomUUID();
      m.visible_at = t + options.visibilityTimeoutSeconds * 1000;
      byHandle.set(m.receipt_handle, m);
    }
    const work = (async () => {
      try {
        // Receipt state is kept in memory only: after a restart, in-flight messages are visible at once.
        const response = await options.handler(
          { Records: batch.map((m) => toRecord(m, options.queueName)) },
          lambdaContext(options.invocationTimeoutMs ?? 900_000),
        );
        const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        await remove(batch.filter((m) => !failed.has(m.message_id) && m.receipt_handle).map((m) => m.receipt_handle!));
      } catch (error) {
        // As with Lambda: a handler that throws leaves the whole batch for its visibility timeout.
        logger.error('local FIFO lanes: the handler failed', { error: error as Error });
      } finally {
        running--;
        schedule(0);
      }
    })();
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  // Each operation's input is typed where it is read; the table is looked up by the command's name.
  // biome-ignore lint/suspicious/noExplicitAny: a table of differently typed SQS operations
  const operations: Record<string, (input: any) => Promise<unknown>> = {
    SendMessage: (input) => send(input),
    SendMessageBatch: async (input: { Entries: ({ Id: string } & Parameters<typeof send>[0])[] }) => {
      const Successful: Record<string, unknown>[] = [];
      const Failed: Record<string, unknown>[] = [];
      const written: Message[] = [];
      for (const entry of input.Entries ?? []) {
        try {
          Successful.push({ Id: entry.Id, ...(await send(entry, written)) });
        } catch (error) {
          Failed.push({
            Id: entry.Id,
            SenderFault: true,
            Code: (error as QueueError).type ?? 'InternalError',
            Message: (error as Error).message,
          });
        }
      }
      await writeMany(written, []);
      return { Successful, Failed };
    },
    ChangeMessageVisibility: async (input) => {
      await changeVisibility(input.ReceiptHandle, input.VisibilityTimeout);
      return {};
    },
    ChangeMessageVisibilityBatch: async (input: { Entries: { Id: string; ReceiptHandle: string; VisibilityTimeout: number }[] }) => {
      const Successful = [];
      const Failed = [];
      const written: Message[] = [];
      for (const e of input.Entries ?? []) {
        try {
          await changeVisibility(e.ReceiptHandle, e.VisibilityTimeout, written);
          Successful.push({ Id: e.Id });
        } catch (error) {
          Failed.push({
            Id: e.Id,
            SenderFault: true,
            Code: (error as QueueError).type ?? 'InternalError',
            Message: (error as Error).message,
          });
        }
      }
      await writeMany(written, []);
      return { Successful, Failed };
    },
    DeleteMessage: async (input) => {
      await remove([input.ReceiptHandle]);
      return {};
    },
    DeleteMessageBatch: async (input: { Entries: { Id: string; ReceiptHandle: string }[] }) => {
      await remove((input.Entries ?? []).map((e) => e.ReceiptHandle));
      return { Successful: (input.Entries ?? []).map((e) => ({ Id: e.Id })), Failed: [] };
    },
    GetQueueAttributes: async () => {
      const t = now().getTime();
      const all = [...groups.values()].flat();
      const flying = all.filter((m) => m.receive_count > 0 && m.visible_at > t).length;
      return {
        Attributes: {
          ApproximateNumberOfMessages: String(all.length - flying),
          ApproximateNumberOfMessagesNotVisible: String(flying),
          DelaySeconds: String(Math.round(options.delayMs / 1000)),
          VisibilityTimeout: String(options.visibilityTimeoutSeconds),
          FifoQueue: 'true',
        },
      };
    },
  };

  return {
    operations,
    poke: () => schedule(0),
    peek: (group) =>
      (groups.get(group) ?? []).map((m) => ({ receiveCount: m.receive_count, visibleAt: m.visible_at, availableAt: m.available_at })),
    busy: () => running,
    halt: async (graceMs?: number) => {
      stopped = true;
      if (timer) clearTimeout(timer);
      // Batches in flight finish (or, given a grace, are left after it: unacknowledged, they come again after a restart).
      const finished = Promise.allSettled([...inFlight]);
      await (graceMs === undefined ? finished : Promise.race([finished, sleep(graceMs, undefined, { ref: false })]));
      await deleteWriter;
    },
  };
}

function toRecord(m: Message, queueName: string): SQSRecord {
  return {
    messageId: m.message_id,
    receiptHandle: m.receipt_handle!,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receive_count),
      SentTimestamp: String(m.sent_at),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(m.first_receive_at ?? m.sent_at),
      MessageGroupId: m.group,
      MessageDeduplicationId: m.dedup_id,
      SequenceNumber: m.sequence,
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(m.body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queueName}`,
    awsRegion: 'us-east-1',
  };
}

function lambdaContext(timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'webhooks-deliver',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:webhooks-deliver',
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function queryAll(table: string, pk: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
