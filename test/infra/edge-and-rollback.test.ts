import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { refuseShrink, shrinkProblems } from '../../infra/aws/deployed-shards';
import { resolveStage, STAGES } from '../../infra/aws/stages';
import { PROD_FULL, PROD_SETTINGS, synthStage, type Synthesized } from './support/synth';

const one = (s: Synthesized, type: string) => s.resources.filter((r) => r.type === type);
const policyOf = (r: { id: string; template: { toJSON(): any } }) => {
  const { DeletionPolicy, UpdateReplacePolicy } = r.template.toJSON().Resources[r.id];
  return { DeletionPolicy, UpdateReplacePolicy };
};

describe('rollback and restore without data hazards', () => {
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');
  /** A deploy's record, as `cdk deploy --outputs-file infra/aws/deployed/<stage>.json` writes it. */
  const recordIn = (outputs: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'deployed-'));
    writeFileSync(join(dir, 'prod.json'), JSON.stringify({ 'PartnerApi-prod': { TableName: 'papi-prod-table-1', ...outputs } }));
    return dir;
  };

  it('records the deployed shard counts as stack outputs', () => {
    const outputs = prod.parent.toJSON().Outputs;
    expect(outputs.LaneShards.Value).toBe(String(STAGES.prod.shards.lanes));
    expect(outputs.EventPendingShards.Value).toBe(String(STAGES.prod.shards.eventPending));
    expect(outputs.EventIndexShards.Value).toBe(String(STAGES.prod.shards.eventIndex));
  });

  it('refuses a synthesis that would shrink a shard count below the deployed record, naming the setting', () => {
    const settings = resolveStage('prod', PROD_SETTINGS);
    const dir = recordIn({ LaneShards: '6', EventPendingShards: '16', EventIndexShards: '12' });
    expect(() => refuseShrink(settings, dir)).toThrow(/Stage prod cannot deploy: it would shrink what is deployed/);
    const problems = shrinkProblems(settings, { LaneShards: '6', EventPendingShards: '16', EventIndexShards: '12' });
    expect(problems).toEqual([
      expect.stringMatching(/^shards\.lanes: 4 is below the 6 deployed \(infra\/aws\/deployed\/prod\.json, output LaneShards\)/),
      expect.stringMatching(/^shards\.eventIndex: 8 is below the 12 deployed/),
    ]);
    // The same counts or more deploy; so does a stage never recorded.
    expect(() => refuseShrink(settings, recordIn({ LaneShards: '4', EventPendingShards: '16', EventIndexShards: '8' }))).not.toThrow();
    expect(() =>
      refuseShrink(
        resolveStage('prod', { ...PROD_SETTINGS, shards: { lanes: 6 }, reservedConcurrency: { fanout: 10, sequencer: 10, signer: 300 } }),
        dir,
      ),
    ).toThrow(/eventIndex/);
    expect(() => refuseShrink(settings, mkdtempSync(join(tmpdir(), 'none-')))).not.toThrow();
  });

  it('retains production’s SES identity and custom domain whatever happens to the stack', () => {
    for (const type of ['AWS::SES::EmailIdentity', 'AWS::ApiGateway::DomainName']) {
      const [r] = one(prod, type);
      expect({ type, policy: policyOf(r) }).toEqual({ type, policy: { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' } });
    }
    // A preview is deleted whole (CloudFormation's default, Delete).
    expect(policyOf(one(preview, 'AWS::SES::EmailIdentity')[0]).DeletionPolicy).not.toBe('Retain');
  });
});

describe('the edge', () => {
  const prod = synthStage('prod', PROD_FULL);

  it('puts a web ACL on the API stage: a per-address rate rule answering 429 in the envelope, and AWS’s common rule set', () => {
    const [acl] = one(prod, 'AWS::WAFv2::WebACL');
    expect(acl.props).toMatchObject({ Name: 'papi-prod-api', Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    const [rate, common] = acl.props.Rules;
    expect(rate.Statement.RateBasedStatement).toEqual({
      Limit: STAGES.prod.waf.ratePerAddress,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
    });
    expect(rate.Action.Block.CustomResponse).toMatchObject({ ResponseCode: 429, ResponseHeaders: [{ Name: 'Retry-After', Value: '60' }] });
    expect(JSON.stringify(acl.props.CustomResponseBodies)).toContain('\\"code\\":\\"rate_limit\\"');
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    // Uploads are larger than the rule set's 8 KB body limit: that rule only counts.
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    const [association] = one(prod, 'AWS::WAFv2::WebACLAssociation');
    const [stage] = one(prod, 'AWS::ApiGateway::Stage');
    expect(JSON.stringify(association.props.ResourceArn)).toContain(`{"Ref":"${stage.id}"}`);
    expect(association.props.WebACLArn).toEqual({ 'Fn::GetAtt': [acl.id, 'Arn'] });
  });

  it('shows blocked requests on the on-call dashboard and pages on a surge', () => {
    const [dashboard] = one(prod, 'AWS::CloudWatch::Dashboard');
    expect(JSON.stringify(dashboard.props.DashboardBody)).toMatch(/BlockedRequests.*papi-prod-api/);
    const alarm = one(prod, 'AWS::CloudWatch::Alarm').find((a) => a.props.AlarmName === 'papi-prod-waf-blocked-surge')!;
    expect(alarm.props.EvaluationPeriods).toBe(2);
    expect(JSON.stringify(alarm.props)).toMatch(/"MetricName":"BlockedRequests","Namespace":"AWS\/WAFV2"/);
    expect(alarm.props.AlarmActions).toHaveLength(1);
  });

  it('keeps API Gateway’s stage tracing off (token paths stay out of X-Ray) while every function traces', () => {
    const [stage] = one(prod, 'AWS::ApiGateway::Stage');
    expect(stage.props.TracingEnabled).toBe(false);
    for (const fn of one(prod, 'AWS::Lambda::Function')) expect(fn.props.TracingConfig).toEqual({ Mode: 'Active' });
  });
});
