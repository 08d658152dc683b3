/**
 * Access patterns of webhook delivery (docs/decisions.md, Webhooks). The endpoints themselves are the
 * dashboard's (`WHE#<partner>` / `EP#<id>`).
 */

/** laneOfEndpoint: the endpoint's delivery cursor: the last event handled and the head's retry state. */
export const webhookLaneKey = (endpointId: string) => ({ pk: `WHL#${endpointId}`, sk: 'LANE' });

/** attemptsOfEndpoint, newest first: every delivery attempt, sorted by time. */
export const webhookAttemptsPartition = (endpointId: string) => `WHA#${endpointId}`;
export const webhookAttemptKey = (endpointId: string, attemptedAt: string, eventId: string, attempt: number) => ({
  pk: webhookAttemptsPartition(endpointId),
  sk: `${attemptedAt}#${eventId}#${String(attempt).padStart(4, '0')}`,
});

/** The embedded default's SQS stand-in (infra/local/fifo-lanes.ts): its messages, sorted by send order. */
export const localQueuePartition = (queue: string) => `LQ#${queue}`;
export const localQueueMessageKey = (queue: string, sequence: string) => ({ pk: localQueuePartition(queue), sk: `M#${sequence}` });
/** The embedded default's stream reader checkpoint per shard. */
export const localStreamCheckpointKey = (streamArn: string, shardId: string, consumer?: string) => ({
  pk: `LSTREAM#${streamArn}${consumer ? `#${consumer}` : ''}`,
  sk: shardId,
});
