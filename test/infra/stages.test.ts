import {
  collisionsBetween,
  PRODUCTION_REQUIRED,
  RETIRED_CONTEXT_KEYS,
  resolveStage,
  STAGES,
  stageFromContext,
  type StageDefinition,
} from '../../infra/aws/stages';
import { PROD_SETTINGS, synthStage, type Synthesized } from './support/synth';

/** The physical names a template gives its resources: what two stacks of one account must not share. */
function physicalNames(s: Synthesized): string[] {
  const fields = ['FunctionName', 'LogGroupName', 'QueueName', 'BucketName', 'AlarmName', 'DashboardName', 'TopicName', 'EmailIdentity'];
  const out: string[] = [];
  for (const r of s.resources) {
    for (const field of fields) if (typeof r.props[field] === 'string') out.push(`${field}=${r.props[field]}`);
    // A function's alias is named within its function (every function has a `live` one).
    if (typeof r.props.Name === 'string' && r.type !== 'AWS::Lambda::Alias') out.push(`${r.type}=${r.props.Name}`);
    if (typeof r.props.AliasName === 'string') out.push(`Alias=${r.props.AliasName}`);
  }
  return out;
}

describe('stage settings, committed in infra/aws/stages.ts', () => {
  it('refuses to synthesize production as committed, naming every missing setting in one error', () => {
    let message = '';
    try {
      resolveStage('prod');
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/Stage prod cannot deploy: set these in infra\/aws\/stages.ts and commit them/);
    for (const path of Object.keys(PRODUCTION_REQUIRED))
      expect({ path, named: message.includes(`  - ${path}: `) }).toEqual({ path, named: true });
  });

  it('names only what is still missing, and synthesizes once all is set', () => {
    expect(() => resolveStage('prod', { ...PROD_SETTINGS, alarms: { email: 'oncall@example.com' } })).toThrow(/- alarms\.pager: /);
    expect(() => resolveStage('prod', { ...PROD_SETTINGS, alarms: { email: 'oncall@example.com' } })).not.toThrow(/alarms\.email/);
    const settings = resolveStage('prod', PROD_SETTINGS);
    expect(settings.email).toEqual({ domain: 'mail.example.com', from: 'no-reply@mail.example.com', ownsIdentity: true });
  });

  it('refuses settings given on the command line: a rollback (`git checkout && cdk deploy -c stage=…`) would drop them', () => {
    for (const key of RETIRED_CONTEXT_KEYS) {
      const context: Record<string, string> = { stage: 'sandbox-preview', [key]: 'x' };
      expect(() => stageFromContext((k) => context[k])).toThrow(/set them in infra\/aws\/stages\.ts and commit/);
    }
    expect(stageFromContext((k) => ({ stage: 'staging' })[k]).name).toBe('staging');
  });

  it('checks settings that contradict each other', () => {
    expect(() => resolveStage('sandbox-preview', { domain: { name: 'api.example.com' } })).toThrow(/name and certificateArn go together/);
    expect(() => resolveStage('sandbox-preview', { alarms: { pager: { kind: 'https', url: 'http://pager' } } })).toThrow(/https:\/\//);
    expect(() => resolveStage('prod', { ...PROD_SETTINGS, account: '42' })).toThrow(/account: 12 digits/);
    // staging leans on prod's account-wide pieces: it must be in prod's account and region.
    const filled = { ...STAGES, prod: { ...STAGES.prod, account: '123456789012', region: 'us-east-1' } };
    expect(() => resolveStage('staging', { account: '999999999999' }, filled)).toThrow(/'prod' is in another account or region/);
    expect(() => resolveStage('staging', { account: '123456789012', region: 'us-east-1' }, filled)).not.toThrow();
  });

  it('gives the committed stages no shared prefix, owner of an account or SES identity', () => {
    expect(collisionsBetween()).toEqual([]);
    const twin: StageDefinition = { ...STAGES.prod, name: 'prod2', account: '1'.repeat(12) };
    expect(collisionsBetween({ a: { ...twin, name: 'a' }, b: { ...twin, name: 'b', prefix: 'other' } })).toEqual([
      `a and b both own the account-wide pieces of ${'1'.repeat(12)}`,
    ]);
  });

  describe('staging beside production in one account', () => {
    const prod = synthStage('prod', { settings: PROD_SETTINGS });
    const staging = synthStage('staging', { settings: { account: PROD_SETTINGS.account, region: PROD_SETTINGS.region } });

    it('shares no physical name with production', () => {
      const prodNames = new Set(physicalNames(prod));
      const shared = physicalNames(staging).filter((n) => prodNames.has(n));
      expect(physicalNames(staging).length).toBeGreaterThan(200);
      expect(shared).toEqual([]);
    });

    it('leaves the account-wide pieces to production: API Gateway’s CloudWatch role and the account’s alarms', () => {
      const count = (s: Synthesized, type: string) => s.resources.filter((r) => r.type === type).length;
      expect(count(prod, 'AWS::ApiGateway::Account')).toBe(1);
      expect(count(staging, 'AWS::ApiGateway::Account')).toBe(0);
      const alarmNames = (s: Synthesized) => s.resources.filter((r) => r.type === 'AWS::CloudWatch::Alarm').map((r) => r.props.AlarmName);
      for (const accountWide of ['lambda-concurrency', 'lambda-throttles', 'email-bounce-rate']) {
        expect(alarmNames(prod)).toContain(`papi-prod-${accountWide}`);
        expect(alarmNames(staging).filter((n) => n.endsWith(accountWide))).toEqual([]);
      }
    });
  });
});
