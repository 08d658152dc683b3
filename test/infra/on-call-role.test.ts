import { PROD_FULL, synthStage } from './support/synth';

const actionsOf = (s: { Action?: string | string[] }): string[] => [s.Action ?? []].flat();
const resourcesOf = (s: { Resource?: unknown }): string[] => [s.Resource ?? []].flat().map((r) => JSON.stringify(r));

describe('the on-call role of a stage', () => {
  const prod = synthStage('prod', PROD_FULL);
  const role = prod.resources.find((r) => r.type === 'AWS::IAM::Role' && r.props.RoleName === 'papi-prod-on-call')!;
  const statements: any[] = (role?.props.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
  const grantsOn = (action: string, resource: RegExp) =>
    statements.some((s) => actionsOf(s).includes(action) && resourcesOf(s).some((r) => resource.test(r)));
  const logicalIdOf = (type: string, test: (props: any) => boolean) => prod.resources.find((r) => r.type === type && test(r.props))?.id;

  it('is assumable from the account only with MFA, and its ARN is a stack output', () => {
    expect(role).toBeDefined();
    expect(role.props.AssumeRolePolicyDocument.Statement).toHaveLength(1);
    const [trust] = role.props.AssumeRolePolicyDocument.Statement;
    expect(JSON.stringify(trust.Principal)).toContain(':root');
    expect(trust.Condition).toEqual({ Bool: { 'aws:MultiFactorAuthPresent': 'true' } });
    expect(Object.keys(prod.parent.toJSON().Outputs)).toContain('OnCallRoleArn');
  });

  it('redrives and deletes the lane DLQs’ messages, and sends them back to their lanes', () => {
    const laneDlqs = prod.resources.filter(
      (r) => r.type === 'AWS::SQS::Queue' && /webhook-deliveries(-\d+)?-dlq\.fifo$/.test(r.props.QueueName),
    );
    expect(laneDlqs.length).toBeGreaterThan(0);
    for (const dlq of laneDlqs)
      for (const action of [
        'sqs:StartMessageMoveTask',
        'sqs:ReceiveMessage',
        'sqs:DeleteMessage',
        'sqs:GetQueueAttributes',
        'sqs:ListMessageMoveTasks',
      ])
        expect({ dlq: dlq.props.QueueName, action, granted: grantsOn(action, new RegExp(`"${dlq.id}"`)) }).toEqual({
          dlq: dlq.props.QueueName,
          action,
          granted: true,
        });
    // What `ops dlq-redrive` sends to: the lane of the DLQ (never a DLQ).
    const sends = statements.filter((s) => actionsOf(s).includes('sqs:SendMessage')).flatMap(resourcesOf);
    expect(sends.length).toBeGreaterThan(0);
    const ids = (pattern: RegExp) =>
      prod.resources.filter((r) => r.type === 'AWS::SQS::Queue' && pattern.test(r.props.QueueName)).map((r) => [r.id, r.props.QueueName]);
    // A queue is named by its logical id (a reference) or, for the lanes, by its literal ARN.
    const names = (r: string, [id, name]: string[]) => r.includes(`"${id}"`) || r.includes(`:${name}"`);
    // The stream readers' and the mail sender's DLQs are never sent to (the CLI's own statement reaches the lanes and their DLQs).
    for (const id of ids(/(fanout-dlq|mail-dlq\.fifo)$/)) expect(sends.some((r) => names(r, id))).toBe(false);
    for (const id of ids(/webhook-deliveries(-\d+)?\.fifo$/)) expect(sends.some((r) => names(r, id))).toBe(true);
    // The stream readers' DLQ holds batch descriptions: read and delete, never moved back.
    const fanoutDlq = logicalIdOf('AWS::SQS::Queue', (p) => p.QueueName === 'papi-prod-webhook-fanout-dlq')!;
    expect(grantsOn('sqs:DeleteMessage', new RegExp(`"${fanoutDlq}"`))).toBe(true);
    expect(grantsOn('sqs:StartMessageMoveTask', new RegExp(`"${fanoutDlq}"`))).toBe(false);
  });

  it('invokes the backstop’s live alias for its hand drain, and no other function but the jobs’ live aliases', () => {
    const backstop = logicalIdOf('AWS::Lambda::Function', (p) => p.FunctionName === 'papi-prod-event-sequencer-backstop')!;
    const alias = prod.resources.find(
      (r) => r.type === 'AWS::Lambda::Alias' && r.props.FunctionName?.Ref === backstop && r.props.Name === 'live',
    )!;
    const invokes = statements.filter((s) => actionsOf(s).includes('lambda:InvokeFunction')).flatMap(resourcesOf);
    expect(invokes).toContain(JSON.stringify({ Ref: alias.id }));
    for (const r of invokes) expect(r === JSON.stringify({ Ref: alias.id }) || /function:papi-prod-job-\*:live/.test(r)).toBe(true);
  });

  it('holds the operator CLI’s endpoint actions, read from their code, and its audit', () => {
    const actions = statements.flatMap(actionsOf);
    // endpoint-disable/enable write the endpoint, endpoint-recover and -resend enqueue, each act is audited.
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        'sqs:SendMessage',
        'lambda:InvokeFunctionUrl',
        'cloudformation:DescribeStacks',
      ]),
    );
  });

  it('reads the stage’s alarms, logs, functions and table, and never the signing keys, the files, IAM or a change to the stack', () => {
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining([
        'cloudwatch:DescribeAlarms',
        'cloudwatch:GetMetricData',
        'logs:StartQuery',
        'logs:FilterLogEvents',
        'dynamodb:GetItem',
        'lambda:GetFunction',
      ]),
    );
    expect(
      actions.filter((a) =>
        /^(iam:|secretsmanager:|s3:|cloudformation:(Create|Update|Delete)|lambda:(Update|Delete|Create|Put|Add))/.test(a),
      ),
    ).toEqual([]);
    for (const s of statements) expect({ s, wild: actionsOf(s).some((a) => a.includes('*')) }).toEqual({ s, wild: false });
    // Only reads are on every resource (IAM has no resource type for them).
    const everywhere = statements.filter((s) => resourcesOf(s).includes('"*"')).flatMap(actionsOf);
    for (const a of everywhere) expect(a).toMatch(/:(Get|List|BatchGet)/);
  });
});
