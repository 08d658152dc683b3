import { collisionsBetween, resolveStage, STAGES } from '../../infra/aws/stages';
import { PROD_FULL, PROD_SETTINGS, synthStage, type Synthesized } from './support/synth';

const fnNamed = (s: Synthesized, name: string) =>
  s.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === name);
const alarmNamed = (s: Synthesized, name: string) =>
  s.resources.find((r) => r.type === 'AWS::CloudWatch::Alarm' && r.props.AlarmName === name);

describe('capacity that fits the account', () => {
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');

  it('reserves the stage’s concurrency for the fan-out, the sequencer’s backstop and the signer, and for nothing else', () => {
    const reserved = STAGES.prod.reservedConcurrency!;
    expect(fnNamed(prod, 'papi-prod-webhook-fanout')!.props.ReservedConcurrentExecutions).toBe(reserved.fanout);
    expect(fnNamed(prod, 'papi-prod-event-sequencer-backstop')!.props.ReservedConcurrentExecutions).toBe(reserved.sequencer);
    expect(fnNamed(prod, 'papi-prod-webhook-signer')!.props.ReservedConcurrentExecutions).toBe(reserved.signer);
    // The signer's reservation covers what its mappings may run at once, so none of their batches is throttled back.
    expect(reserved.signer).toBeGreaterThanOrEqual(STAGES.prod.shards.lanes * STAGES.prod.signerConcurrency);
    const others = prod.resources.filter((r) => r.type === 'AWS::Lambda::Function' && r.props.ReservedConcurrentExecutions !== undefined);
    expect(others).toHaveLength(3);
    // A preview's account may be too small to reserve anything.
    expect(preview.resources.filter((r) => r.props.ReservedConcurrentExecutions !== undefined)).toEqual([]);
  });

  it('alarms at 80 % of the quota the stage’s settings give, not a committed 1,000', () => {
    expect(STAGES.prod.accountConcurrency).toBeUndefined();
    expect(PROD_SETTINGS.accountConcurrency).toBe(1500);
    expect(alarmNamed(prod, 'papi-prod-lambda-concurrency')!.props.Threshold).toBe(1200);
  });

  it('refuses reservations the account cannot grant or that starve the signer’s mappings', () => {
    expect(() => resolveStage('prod', { ...PROD_SETTINGS, accountConcurrency: 250 })).toThrow(
      /reservedConcurrency: 220 reserved leaves less than Lambda's 100 unreserved of accountConcurrency 250/,
    );
    expect(() => resolveStage('prod', { ...PROD_SETTINGS, reservedConcurrency: { fanout: 10, sequencer: 10, signer: 50 } })).toThrow(
      /reservedConcurrency\.signer: at least 200 \(lanes 4 × signerConcurrency 50\), not 50/,
    );
    expect(() => resolveStage('prod', { ...PROD_SETTINGS, accountConcurrency: undefined })).toThrow(
      /- accountConcurrency: the account's Lambda concurrency quota/,
    );
  });

  describe('staging in an account of its own, as a setting', () => {
    const own = { account: '210987654321', region: 'us-east-1', accountPieces: 'self' };
    const filled: typeof STAGES = { ...STAGES, prod: { ...STAGES.prod, account: '123456789012', region: 'us-east-1' } };
    const staging = synthStage('staging', { settings: own });

    it('is refused in another account while it leans on production’s pieces, and accepted with its own', () => {
      expect(() => resolveStage('staging', { account: '210987654321', region: 'us-east-1' }, filled)).toThrow(
        /or accountPieces: 'self' for an account of its own/,
      );
      expect(() => resolveStage('staging', own, filled)).not.toThrow();
      expect(collisionsBetween({ ...filled, staging: { ...filled.staging, ...own } })).toEqual([]);
    });

    it('then makes the account’s pieces itself: API Gateway’s CloudWatch role and the account alarms, at its own quota', () => {
      expect(staging.resources.filter((r) => r.type === 'AWS::ApiGateway::Account')).toHaveLength(1);
      expect(alarmNamed(staging, 'papi-staging-lambda-concurrency')!.props.Threshold).toBe(STAGES.staging.accountConcurrency! * 0.8);
    });
  });
});
