import { variable } from '../config/variables';
/**
 * How many partitions the partner's whole stream (gsi1) and each type stream (gsi2) are written over.
 * One partition key value takes at most 1,000 WCU a second, and these two take every event of a
 * partner+mode (of a type): sharding them is what lets a log pass ~500 events a second on AWS
 * (docs/capacity.md). An event goes to the shard of its sequence in that stream (`seq_all mod n`,
 * `seq_type mod n`), so consecutive events spread evenly; readers merge the `n` partitions (the
 * sequences stay dense over their union). The number may grow but never shrink: a reader reads the
 * shards the current number names, and events stay where they were written.
 */
export function indexShards(): number {
  const n = Number(variable('EVENT_INDEX_SHARDS'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The shard of the event at `seq` in a stream written over `shards` partitions. */
export const shardOfSequence = (seq: number, shards = indexShards()) => seq % shards;
