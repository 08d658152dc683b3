import { ROUTES } from '../../lib/routes';
import { apiOf, PROD_FULL, synthStage, type Synthesized, type Template } from './support/synth';

/** A value as its template sees it, a nested stack's parameter followed to what the parent passes. */
function resolved(s: Synthesized, template: Template, value: any): { template: Template; value: any } {
  const ref = value?.Ref;
  const params = s.parameters.get(template);
  if (typeof ref === 'string' && !template.toJSON().Resources[ref] && params?.[ref] !== undefined)
    return resolved(s, s.parent, params[ref]);
  return { template, value };
}

/** The resource a `Ref` (or `Fn::GetAtt`) points at, in whichever template holds it. */
function target(s: Synthesized, template: Template, value: any): { type: string; props: any; id: string; template: Template } {
  const seen = resolved(s, template, value);
  // An event-source mapping names its alias as `<function>:live`, cut from the alias's ARN (its Ref).
  const inner = /\{"Ref":"([A-Za-z0-9]+)"\}/.exec(JSON.stringify(seen.value))?.[1];
  const id = seen.value?.Ref ?? seen.value?.['Fn::GetAtt']?.[0] ?? inner;
  const r = seen.template.toJSON().Resources[id];
  if (!r) throw new Error(`Not a reference to a resource: ${JSON.stringify(value)}`);
  return { type: r.Type, props: r.Properties, id, template: seen.template };
}

describe('gradual deploys that roll back by themselves', () => {
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');
  const of = (type: string) => prod.resources.filter((r) => r.type === type);
  const functions = of('AWS::Lambda::Function');
  const fnById = (template: Template, id: string) => functions.find((f) => f.template === template && f.id === id);
  /** The function a value invokes, when it is that function's `live` alias. */
  const invokedThroughAlias = (template: Template, value: any): string | undefined => {
    const alias = target(prod, template, value);
    if (alias.type !== 'AWS::Lambda::Alias' || alias.props.Name !== 'live') return undefined;
    return fnById(alias.template, alias.props.FunctionName.Ref)?.props.FunctionName;
  };

  it('publishes every function as a version behind a `live` alias on it', () => {
    expect(functions.length).toBeGreaterThan(ROUTES.length);
    for (const fn of functions) {
      const versions = prod.resources.filter(
        (r) => r.type === 'AWS::Lambda::Version' && r.props.FunctionName.Ref === fn.id && r.template === fn.template,
      );
      const aliases = prod.resources.filter(
        (r) => r.type === 'AWS::Lambda::Alias' && r.props.FunctionName.Ref === fn.id && r.template === fn.template,
      );
      expect({ fn: fn.props.FunctionName, versions: versions.length, aliases: aliases.map((a) => a.props.Name) }).toEqual({
        fn: fn.props.FunctionName,
        versions: 1,
        aliases: ['live'],
      });
      expect(aliases[0].props.FunctionVersion).toEqual({ 'Fn::GetAtt': [versions[0].id, 'Version'] });
      // An earlier version stays when a deploy publishes the next, so the alias can go back to it.
      expect(fn.template.toJSON().Resources[versions[0].id].DeletionPolicy).toBe('Retain');
    }
  });

  it('has API Gateway, the event-source mappings, the schedules, the async configuration and the audit URL invoke the alias', () => {
    // apiOf follows each integration to the alias it invokes (and throws on one that is not an alias).
    const methods = apiOf(prod).methods;
    expect(methods.length).toBeGreaterThan(ROUTES.length);
    for (const m of methods) expect(m.target).toMatch(/^papi-prod-/);
    for (const p of of('AWS::Lambda::Permission'))
      expect({ permission: p.id, fn: invokedThroughAlias(p.template, p.props.FunctionName) }).toEqual({
        permission: p.id,
        fn: expect.stringMatching(/^papi-prod-/),
      });
    const mappings = of('AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThanOrEqual(5);
    for (const m of mappings)
      expect({ mapping: m.id, fn: invokedThroughAlias(m.template, m.props.FunctionName) }).toEqual({
        mapping: m.id,
        fn: expect.stringMatching(/^papi-prod-/),
      });
    const schedules = of('AWS::Scheduler::Schedule');
    expect(schedules.length).toBeGreaterThanOrEqual(4);
    for (const schedule of schedules) {
      expect(invokedThroughAlias(schedule.template, schedule.props.Target.Arn)).toMatch(/^papi-prod-job-/);
      const role = target(prod, schedule.template, schedule.props.Target.RoleArn);
      expect(role.props.Policies[0].PolicyDocument.Statement[0].Resource).toEqual(schedule.props.Target.Arn);
    }
    // The retries and on-failure queue apply to the alias the schedule invokes, and the audit's URL is the alias's.
    for (const config of of('AWS::Lambda::EventInvokeConfig'))
      expect(invokedThroughAlias(config.template, config.props.Qualifier)).toMatch(/^papi-prod-job-/);
    const [url] = of('AWS::Lambda::Url');
    expect(url.props.Qualifier).toBe('live');
    expect(target(prod, url.template, url.props.TargetFunctionArn).props.FunctionName).toBe('papi-prod-operator-audit');
  });

  it('shifts the write routes’ and the pipeline’s traffic on a canary, rolling back on the function’s errors and the API’s 5xx and latency', () => {
    const groups = of('AWS::CodeDeploy::DeploymentGroup');
    const writes = ROUTES.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)).map((r) => `papi-prod-${r.operation}`);
    const pipeline = ['papi-prod-webhook-fanout', 'papi-prod-webhook-signer', 'papi-prod-event-sequencer-backstop'];
    expect(groups.map((g) => g.props.DeploymentGroupName).sort()).toEqual([...writes, ...pipeline].sort());
    const [application] = of('AWS::CodeDeploy::Application');
    expect(application.props).toEqual({ ApplicationName: 'papi-prod-functions', ComputePlatform: 'Lambda' });
    for (const group of groups) {
      const name = group.props.DeploymentGroupName;
      expect({ name, config: group.props.DeploymentConfigName }).toEqual({
        name,
        config: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
      });
      expect(group.props.AutoRollbackConfiguration).toEqual({
        Enabled: true,
        Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM']),
      });
      const alarms = group.props.AlarmConfiguration.Alarms.map((a: any) => target(prod, group.template, a.Name));
      expect(alarms.map((a: any) => a.props.AlarmName).sort()).toEqual(
        [`${name}-deploy-errors`, 'papi-prod-api-5xx', 'papi-prod-api-latency'].sort(),
      );
      const errors = alarms.find((a: any) => a.props.AlarmName.endsWith('-deploy-errors'))!;
      expect(errors.props.MetricName).toBe('Errors');
      expect(fnById(errors.template, errors.props.Dimensions[0].Value.Ref)?.props.FunctionName).toBe(name);
      // CloudFormation hands the alias's update to this group: the alias moves only as CodeDeploy shifts it.
      const alias = prod.resources.find(
        (r) =>
          r.type === 'AWS::Lambda::Alias' &&
          r.template === group.template &&
          fnById(r.template, r.props.FunctionName.Ref)?.props.FunctionName === name,
      )!;
      const policy = group.template.toJSON().Resources[alias.id].UpdatePolicy.CodeDeployLambdaAliasUpdate;
      expect(policy.DeploymentGroupName).toEqual({ Ref: group.id });
    }
    const api5xx = of('AWS::CloudWatch::Alarm').find((a) => a.props.AlarmName === 'papi-prod-api-5xx')!;
    expect(JSON.stringify(api5xx.props.Metrics)).toContain('{"Name":"ApiName","Value":"papi-prod"}');
    expect(JSON.stringify(api5xx.props.Metrics)).toContain('"MetricName":"5XXError"');
    const latency = of('AWS::CloudWatch::Alarm').find((a) => a.props.AlarmName === 'papi-prod-api-latency')!;
    expect(latency.props).toMatchObject({ MetricName: 'Latency', Namespace: 'AWS/ApiGateway', ExtendedStatistic: 'p99' });
  });

  it('moves a preview’s aliases at once, still rolled back by the same alarms', () => {
    const groups = preview.resources.filter((r) => r.type === 'AWS::CodeDeploy::DeploymentGroup');
    expect(groups.length).toBeGreaterThan(3);
    for (const g of groups) expect(g.props.DeploymentConfigName).toBe('CodeDeployDefault.LambdaAllAtOnce');
  });

  it('protects production, not a preview, from termination', () => {
    expect(prod.terminationProtection).toBe(true);
    expect(preview.terminationProtection).toBe(false);
  });
});
