import { defineEntity, UNSCOPED } from '../entity';
import { localStreamCheckpointKey } from '../keys';
import { getItem } from '../read-batch';
import { putItem } from '../single-item';

/**
 * Where the embedded default's stream reader (infra/local/stream-poller.ts) stopped in one shard of a
 * table's stream, per consumer: the sequence number of the last record it read. Kept in the table it
 * reads (a restore test reads another table than the configured one, so the table is named here).
 */
interface StreamCheckpoint {
  stream_arn: string;
  shard_id: string;
  consumer?: string;
  sequence_number: string;
}

const checkpointEntity = defineEntity<StreamCheckpoint>({
  name: 'local_stream_checkpoint',
  key: (_scope, c) => localStreamCheckpointKey(c.stream_arn, c.shard_id, c.consumer),
  keyOnly: ['stream_arn', 'shard_id', 'consumer'],
});

/** checkpointOfShard: the last sequence number read of the shard, or undefined before its first. */
export async function streamCheckpoint(table: string, streamArn: string, shardId: string, consumer?: string): Promise<string | undefined> {
  const item = await getItem(table, localStreamCheckpointKey(streamArn, shardId, consumer));
  return item ? checkpointEntity.record(item).sequence_number : undefined;
}

/** The shard read up to `sequenceNumber` (a plain put: one reader per shard and consumer). */
export async function saveStreamCheckpoint(
  table: string,
  checkpoint: { streamArn: string; shardId: string; consumer?: string; sequenceNumber: string },
): Promise<void> {
  const item = checkpointEntity.item(UNSCOPED, {
    stream_arn: checkpoint.streamArn,
    shard_id: checkpoint.shardId,
    consumer: checkpoint.consumer,
    sequence_number: checkpoint.sequenceNumber,
  });
  await putItem(item, undefined, table);
}
