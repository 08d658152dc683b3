import { handler as deliver } from '../../functions/webhooks/deliver';
import { handler as fanout } from '../../functions/webhooks/fanout';
import { startFifoLaneShards, type FifoLanes } from './fifo-lanes';
import { startStreamPoller, type StreamPoller } from './stream-poller';
import { STREAM_FILTERS } from '../streams/filters';
import { handler as sequencerBackstop } from '../../functions/events/sequencer-backstop';
import { deliverySettings } from '../../lib/webhooks/delivery/delivery-settings';
import { closeWebhookConnections } from '../../lib/webhooks/delivery/post-webhook';
import { resetSqsClient } from '../../lib/webhooks/queue/delivery-queue';
import { variable } from '../../lib/config/variables';

/**
 * The local queues' names, shard 0 first: shard 0 keeps the name of the single queue before sharding, so
 * deliveries a developer's machine had queued (endpoints without a recorded shard) are still found.
 */
export function localLaneQueueNames(count: number): string[] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`WEBHOOK_LANE_SHARDS must be a whole number ≥ 1, not ${count}`);
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'webhook-deliveries.fifo' : `webhook-deliveries-${i}.fifo`));
}

export interface LocalWebhookPipeline {
  lanes: FifoLanes;
  /** Stops the pollers (mid-batch if need be: the checkpoint stays) and the lanes (batches in flight get `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The embedded default's webhook pipeline, wired as in AWS: DynamoDB Local's stream → the fan-out
 * handler (functions/webhooks/fanout.ts) → the FIFO stand-in → the signer (functions/webhooks/deliver.ts);
 * and the same stream → the event sequencer's backstop (functions/events/sequencer-backstop.ts), by a
 * poller of its own, as its own event source mapping reads it in AWS: the stream's two readers (the
 * mail sender reads a queue, ./mail-queue.ts). Only the queue URL differs from
 * the deployed stack. The lanes are sharded as in AWS (lib/webhooks/lane-shards.ts): WEBHOOK_LANE_SHARDS
 * queues (2), each with its own handler loop of WEBHOOK_LANES_CONCURRENCY batches (16), as each shard's
 * queue has its own signer mapping. Environment: also WEBHOOK_HOLD_MS (2000).
 */
export async function startLocalWebhookPipeline(options: {
  dynamodbEndpoint: string;
  region: string;
  table: string;
}): Promise<LocalWebhookPipeline> {
  // Metrics go to CloudWatch through EMF in Lambda; on a developer's console they would be noise.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
  const lanes = await startFifoLaneShards({
    queueNames: localLaneQueueNames(Number(variable('WEBHOOK_LANE_SHARDS'))),
    delayMs: deliverySettings().holdMs,
    visibilityTimeoutSeconds: 960,
    concurrency: Number(variable('WEBHOOK_LANES_CONCURRENCY')),
    handler: deliver,
  });
  process.env.WEBHOOK_QUEUE_URLS = lanes.queueUrls.join(',');
  delete process.env.WEBHOOK_QUEUE_URL;
  process.env.SQS_ENDPOINT = new URL(lanes.queueUrl).origin;
  // The table's stream read twice, as the stack's two event source mappings read it.
  const consume = (o: Omit<Parameters<typeof startStreamPoller>[0], 'endpoint' | 'region' | 'table'>) =>
    startStreamPoller({ endpoint: options.dynamodbEndpoint, region: options.region, table: options.table, ...o });
  let poller: StreamPoller | undefined;
  let backstop: StreamPoller | undefined;
  try {
    poller = await consume({ handler: (event) => fanout(event) });
    backstop = await consume({
      handler: (event) => sequencerBackstop(event),
      filter: STREAM_FILTERS.sequencerBackstop,
      consumer: 'sequencer-backstop',
      pollMs: 250,
    });
  } catch (error) {
    await Promise.all([poller?.stop(), backstop?.stop()]);
    await lanes.stop();
    throw error;
  }
  return {
    lanes,
    stop: async (graceMs?: number) => {
      await Promise.all([poller?.stop(), backstop?.stop()]);
      await lanes.stop(graceMs);
      closeWebhookConnections();
      resetSqsClient();
    },
  };
}
