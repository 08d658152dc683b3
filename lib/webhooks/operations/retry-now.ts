import { ChangeMessageVisibilityBatchCommand } from '@aws-sdk/client-sqs';
import { invalidField } from '../../errors';
import { nowIso } from '../../clock';
import { makeHeadDue } from '../../store/entities/webhook-lane';
import { readLane } from '../lane/lane-state';
import { laneQueueUrl, laneShardOf } from '../lane-shards';
import { sqs } from '../queue/delivery-queue';
import { enabledEndpoint } from './resend-event';

const nothingWaiting = (endpointId: string) =>
  invalidField(
    '$.id',
    'Nothing is waiting for a retry: the endpoint has no failed delivery scheduled.',
    `Retry when the endpoint shows a next attempt (GET /dashboard/api/webhook-endpoints/${endpointId}: health.next_attempt_at).`,
    'state',
  );

/**
 * Dashboard "retry now": the lane's waiting head is attempted at once instead of at its scheduled
 * time. Its retry state is made due (only if the lane still waits on that head), then the lane's
 * waiting messages are made visible, so the signer picks the lane up now and tries the head first,
 * in order (spec, Delivery rule 4). The try spends an attempt of the schedule like any other.
 */
export async function retryNow(
  partnerId: string,
  endpointId: string,
): Promise<{ object: 'webhook_retry'; endpoint_id: string; event_id: string; attempt_at: string }> {
  const endpoint = await enabledEndpoint(partnerId, endpointId);
  const lane = await readLane(endpoint.id);
  if (!lane?.head || !lane.next_attempt_at || !lane.waiting_receipts?.length) throw nothingWaiting(endpoint.id);
  const at = nowIso();
  // Only if the head was not attempted, nor the lane moved on, meanwhile.
  if (!(await makeHeadDue(endpoint.id, lane.head, lane.next_attempt_at, at))) throw nothingWaiting(endpoint.id);
  const handles = lane.waiting_receipts;
  for (let i = 0; i < handles.length; i += 10) {
    // A handle that is no longer valid belongs to a message already received again: nothing to wake.
    await sqs().send(
      new ChangeMessageVisibilityBatchCommand({
        // The lane lives on its endpoint's shard (docs/decisions.md, "Sharded lanes").
        QueueUrl: laneQueueUrl(laneShardOf(endpoint)),
        Entries: handles.slice(i, i + 10).map((ReceiptHandle, n) => ({ Id: String(n), ReceiptHandle, VisibilityTimeout: 0 })),
      }),
    );
  }
  return { object: 'webhook_retry', endpoint_id: endpoint.id, event_id: lane.head_event_id ?? '', attempt_at: at };
}
