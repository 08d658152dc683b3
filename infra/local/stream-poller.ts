import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { lambdaContext } from './proxy-event';
import { setTimeout as sleep } from 'node:timers/promises';
import { saveStreamCheckpoint, streamCheckpoint } from '../../lib/store/entities/local-stream-checkpoint';
import { type FilterPattern, matchesFilter, STREAM_FILTERS } from '../streams/filters';
import { logger } from '../../lib/observability/logger';

/**
 * The embedded default's stand-in for Lambda's DynamoDB stream event source: reads DynamoDB Local's
 * stream with the DynamoDB Streams API and hands the records, in the shape Lambda delivers them, to
 * the SAME handler the CDK stack deploys (the fan-out; the sequencer's backstop, each by a poller of
 * its own, as each has its own event source mapping). Like the deployed mapping it applies the
 * event-source filter, retries a batch from its first reported failure a bounded number of times, and
 * keeps a checkpoint per shard (in DynamoDB Local), so a restart goes on where it stopped.
 */
export interface StreamPollerOptions {
  endpoint: string;
  region: string;
  table: string;
  // A fan-out handler answers nothing (void); a batch handler, the records to give again.
  // biome-ignore lint/suspicious/noConfusingVoidType: the Lambda handler types' own return, void or a batch response
  handler: (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void>;
  /** The deployed mapping's filter pattern (infra/streams/filters.ts; default: the fan-out's). */
  filter?: FilterPattern;
  /** Names this consumer's checkpoints (default: the fan-out's, unnamed). */
  consumer?: string;
  pollMs?: number;
  /** Retries of a failing record before it is skipped (the deployed mapping's MaximumRetryAttempts). */
  maxRetries?: number;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

interface Shard {
  id: string;
  iterator?: string;
  /** When its checkpoint was last written (Date.now()). */
  savedAt?: number;
}

/** A batch's time, as the deployed functions' timeout gives it (the backstop waits within it). */
const BATCH_TIME_MS = 60_000;

/** With no event records to fan out, the checkpoint is written at most this often. */
const CHECKPOINT_IDLE_MS = 5000;

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const dynamo = new DynamoDBClient({ endpoint: options.endpoint, region: options.region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: options.region, credentials });
  const table = await dynamo.send(new DescribeTableCommand({ TableName: options.table }));
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.table} has no stream`);
  const pollMs = options.pollMs ?? 100;
  const maxRetries = options.maxRetries ?? 5;
  const pattern = options.filter ?? STREAM_FILTERS.fanout;
  const wanted = (record: StreamRecord) => matchesFilter(pattern, record);
  const shards = new Map<string, Shard>();
  let stopped = false;

  const checkpoint = (shardId: string) => streamCheckpoint(options.table, streamArn, shardId, options.consumer);
  const saveCheckpoint = (shardId: string, sequenceNumber: string) =>
    saveStreamCheckpoint(options.table, { streamArn, shardId, consumer: options.consumer, sequenceNumber });

  async function discover() {
    let start: string | undefined;
    do {
      const res = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const s of res.StreamDescription?.Shards ?? [])
        if (s.ShardId && !shards.has(s.ShardId)) shards.set(s.ShardId, { id: s.ShardId });
      start = res.StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  async function iteratorFor(shard: Shard): Promise<string | undefined> {
    const after = await checkpoint(shard.id);
    const res = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shard.id,
        ShardIteratorType: after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
        SequenceNumber: after,
      }),
    );
    return res.ShardIterator;
  }

  async function deliver(records: DynamoDBRecord[]) {
    let pending = records;
    for (let attempt = 0; pending.length > 0; attempt++) {
      // Stopping: leave the batch (and the checkpoint) where it is; the next start gives it again.
      if (stopped) throw new Error('the stream poller stopped mid-batch');
      let failedFrom: string | undefined;
      try {
        // Like a Lambda's: time left for the batch, and none at all once the poller is stopping.
        const started = Date.now();
        const context: Context = {
          ...lambdaContext(options.consumer ?? 'webhook-fanout'),
          getRemainingTimeInMillis: () => (stopped ? 0 : Math.max(0, BATCH_TIME_MS - (Date.now() - started))),
        };
        const res = await options.handler({ Records: pending }, context);
        failedFrom = res?.batchItemFailures?.[0]?.itemIdentifier;
      } catch (error) {
        failedFrom = pending[0].dynamodb?.SequenceNumber;
        // A handler cut short by stop() is not a failure: its batch is given again after the restart.
        if (!stopped)
          logger.error('local stream poller: the handler failed', { consumer: options.consumer ?? 'fan-out', error: error as Error });
      }
      if (!failedFrom) return;
      const index = pending.findIndex((r) => r.dynamodb?.SequenceNumber === failedFrom);
      pending = index >= 0 ? pending.slice(index) : pending;
      if (attempt >= maxRetries) {
        logger.error('local stream poller: skipping a record after retries', { sequence_number: failedFrom });
        pending = pending.slice(1);
        attempt = -1;
        continue;
      }
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }

  async function pollShard(shard: Shard): Promise<number> {
    shard.iterator ??= await iteratorFor(shard);
    if (!shard.iterator) {
      shards.delete(shard.id);
      return 0;
    }
    let res: GetRecordsCommandOutput;
    try {
      res = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 100 }));
    } catch (error) {
      // An expired or trimmed iterator: start again from the checkpoint.
      logger.warn('local stream poller: re-acquiring a shard iterator', { shard: shard.id, error: (error as Error).name });
      shard.iterator = undefined;
      return 0;
    }
    const records = res.Records ?? [];
    const taken = records.filter(wanted).map((r) => toLambdaRecord(r, streamArn!, options.region));
    if (taken.length) await deliver(taken);
    // The checkpoint lives in the same table, so its own write is a stream record: saved after every
    // read, it would make the next read non-empty and keep the poller (and DynamoDB Local) busy for
    // ever. So it is saved after fan-out work, and otherwise at most every CHECKPOINT_IDLE_MS; after a
    // restart at most that much of other items' records is read again (and filtered out again).
    const last = records.at(-1)?.dynamodb?.SequenceNumber;
    if (last && (taken.length > 0 || Date.now() - (shard.savedAt ?? 0) >= CHECKPOINT_IDLE_MS)) {
      await saveCheckpoint(shard.id, last);
      shard.savedAt = Date.now();
    }
    if (res.NextShardIterator) shard.iterator = res.NextShardIterator;
    else shards.delete(shard.id); // closed shard: its children are found by discover()
    return records.length;
  }

  const loop = (async () => {
    let lastDiscovery = 0;
    while (!stopped) {
      try {
        if (Date.now() - lastDiscovery > 5000 || shards.size === 0) {
          await discover();
          lastDiscovery = Date.now();
        }
        let seen = 0;
        for (const shard of [...shards.values()]) seen += await pollShard(shard);
        if (seen === 0) await sleep(pollMs);
      } catch (error) {
        if (stopped) break;
        logger.error('local stream poller failed; retrying', { error: error as Error });
        await sleep(1000);
      }
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      await loop;
      dynamo.destroy();
      streams.destroy();
    },
  };
}

function toLambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const d = record.dynamodb!;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: d.ApproximateCreationDateTime
        ? Math.floor(new Date(d.ApproximateCreationDateTime).getTime() / 1000)
        : undefined,
      Keys: d.Keys as never,
      NewImage: d.NewImage as never,
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as 'NEW_IMAGE',
    },
  };
}
