import { UNEXPECTED_FAILURE_WAITS_SECONDS } from '../../lib/webhooks/lane/poison';
import { PROD_FULL, synthStage } from './support/synth';

describe('the delivery lanes: a poison message leaves within the hour', () => {
  const prod = synthStage('prod', PROD_FULL);
  const queues = prod.resources.filter((r) => r.type === 'AWS::SQS::Queue');
  const lanes = queues.filter((q) => /webhook-deliveries(-\d+)?\.fifo$/.test(q.props.QueueName));

  it('every lane queue moves a message to its DLQ after receipts × visibility timeout of at most an hour', () => {
    expect(lanes.length).toBeGreaterThanOrEqual(4);
    for (const lane of lanes) {
      const { maxReceiveCount } = lane.props.RedrivePolicy;
      const seconds = maxReceiveCount * lane.props.VisibilityTimeout;
      expect({ lane: lane.props.QueueName, seconds, under: seconds <= 3600 }).toEqual({ lane: lane.props.QueueName, seconds, under: true });
      // Still six times the signer's timeout (Lambda's advice for an SQS source).
      const signer = prod.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === 'papi-prod-webhook-signer')!;
      expect(lane.props.VisibilityTimeout).toBe(6 * signer.props.Timeout);
      // Each lane's own DLQ, FIFO like it, keeping its messages two weeks.
      const dlq = queues.find((q) => JSON.stringify(lane.props.RedrivePolicy.deadLetterTargetArn).includes(q.id))!;
      expect(dlq.props.QueueName).toBe(lane.props.QueueName.replace(/\.fifo$/, '-dlq.fifo'));
      expect(dlq.props.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    }
  });

  it('and a message whose handling throws every time waits at most an hour in all before its last receipt', () => {
    const maxReceiveCount = lanes[0].props.RedrivePolicy.maxReceiveCount;
    expect(UNEXPECTED_FAILURE_WAITS_SECONDS).toHaveLength(maxReceiveCount);
    expect(UNEXPECTED_FAILURE_WAITS_SECONDS.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3600);
  });
});
