import { startFifoLaneShards, type FifoLanes } from '../../infra/local/fifo-lanes';
import type { StreamPoller } from '../../infra/local/stream-poller';
import { handler as deliver } from '../../functions/webhooks/deliver';
import { closeWebhookConnections } from '../../lib/webhooks/delivery/post-webhook';
import { resetSqsClient } from '../../lib/webhooks/queue/delivery-queue';

/**
 * The webhook lanes of an integration test, in this process: the FIFO stand-in's queues feeding the
 * real signer (functions/webhooks/deliver.ts), and the delivery queue's client pointed at them, as the
 * embedded default wires them (infra/local/webhook-pipeline.ts).
 */
export async function startDeliveryLanes(o: { queueNames: string[]; holdMs: number; concurrency: number }): Promise<FifoLanes> {
  const lanes = await startFifoLaneShards({
    queueNames: o.queueNames,
    delayMs: o.holdMs,
    visibilityTimeoutSeconds: 960,
    concurrency: o.concurrency,
    handler: deliver,
  });
  process.env.WEBHOOK_QUEUE_URLS = lanes.queueUrls.join(',');
  process.env.SQS_ENDPOINT = new URL(lanes.queueUrl).origin;
  resetSqsClient();
  return lanes;
}

/** Stops what a test started, the stream first so that nothing is queued onto stopped lanes. */
export async function stopDeliveryPipeline(poller: StreamPoller, lanes: FifoLanes): Promise<void> {
  await poller.stop();
  await lanes.stop();
  closeWebhookConnections();
  resetSqsClient();
}
