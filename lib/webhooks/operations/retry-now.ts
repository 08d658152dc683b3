import { ChangeMessageVisibilityBatchCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '../../store/dynamodb';
import { invalidField } from '../../errors';
import { nowIso } from '../../clock';
import { db, tableName } from '../../store/client';
import { webhookLaneKey } from '../../store/keys';
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
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookLaneKey(endpoint.id),
        UpdateExpression: 'SET next_attempt_at = :at',
        ConditionExpression: 'head = :head AND next_attempt_at = :next',
        ExpressionAttributeValues: { ':at': at, ':head': lane.head, ':next': lane.next_attempt_at },
      }),
    );
  } catch (error) {
    // The head was attempted, or the lane moved on, meanwhile.
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw nothingWaiting(endpoint.id);
    throw error;
  }
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
