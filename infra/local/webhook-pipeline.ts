import { handler as deliver } from '../../functions/webhooks/deliver';
import { handler as fanout } from '../../functions/webhooks/fanout';
import { startFifoLanes, type FifoLanes } from './fifo-lanes';
import { isPendingEventInsert, startStreamPoller, type StreamPoller } from './stream-poller';
import { handler as sequencerBackstop } from '../../functions/events/sequencer-backstop';
import { deliverySettings } from '../../lib/webhooks/delivery/delivery-settings';
import { closeWebhookConnections } from '../../lib/webhooks/delivery/post-webhook';
import { resetSqsClient } from '../../lib/webhooks/queue/delivery-queue';

export interface LocalWebhookPipeline {
  lanes: FifoLanes;
  /** Stops the pollers (mid-batch if need be: the checkpoint stays) and the lanes (batches in flight get `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The embedded default's webhook pipeline, wired as in AWS: DynamoDB Local's stream → the fan-out
 * handler (functions/webhooks/fanout.ts) → the FIFO stand-in → the signer (functions/webhooks/deliver.ts);
 * and the same stream → the event sequencer's backstop (functions/events/sequencer-backstop.ts), by a
 * poller of its own, as its own event source mapping reads it in AWS. Only the queue URL differs from
 * the deployed stack. Environment: WEBHOOK_HOLD_MS (2000), WEBHOOK_LANES_CONCURRENCY (16).
 */
export async function startLocalWebhookPipeline(options: {
  dynamodbEndpoint: string;
  region: string;
  table: string;
}): Promise<LocalWebhookPipeline> {
  // Metrics go to CloudWatch through EMF in Lambda; on a developer's console they would be noise.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
  const lanes = await startFifoLanes({
    queueName: 'webhook-deliveries.fifo',
    delayMs: deliverySettings().holdMs,
    visibilityTimeoutSeconds: 960,
    concurrency: Number(process.env.WEBHOOK_LANES_CONCURRENCY ?? 16),
    handler: deliver,
  });
  process.env.WEBHOOK_QUEUE_URL = lanes.queueUrl;
  process.env.SQS_ENDPOINT = new URL(lanes.queueUrl).origin;
  let poller: StreamPoller | undefined;
  let backstop: StreamPoller | undefined;
  try {
    poller = await startStreamPoller({
      endpoint: options.dynamodbEndpoint,
      region: options.region,
      table: options.table,
      handler: (event) => fanout(event),
    });
    backstop = await startStreamPoller({
      endpoint: options.dynamodbEndpoint,
      region: options.region,
      table: options.table,
      handler: (event) => sequencerBackstop(event),
      filter: isPendingEventInsert,
      consumer: 'sequencer-backstop',
      pollMs: 250,
    });
  } catch (error) {
    await poller?.stop();
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
