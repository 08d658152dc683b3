import { STAGE_OUTPUTS } from '../../lib/operator/stage-outputs';
import { PROD_FULL, synthStage } from './support/synth';

const actionsOf = (s: { Action?: string | string[] }): string[] => [s.Action ?? []].flat();

describe('the operator of a stage', () => {
  const prod = synthStage('prod', PROD_FULL);
  const role = prod.resources.find((r) => r.type === 'AWS::IAM::Role' && r.props.RoleName === 'papi-prod-operator')!;
  const statements = (role?.props.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
  const audit = prod.resources.find((r) => r.type === 'AWS::Lambda::Function' && r.props.FunctionName === 'papi-prod-operator-audit')!;

  it('publishes every setting the operator CLI reads as a stack output', () => {
    const outputs = Object.keys(prod.parent.toJSON().Outputs ?? {});
    for (const key of Object.keys(STAGE_OUTPUTS)) expect({ key, output: outputs.includes(key) }).toEqual({ key, output: true });
    expect(outputs).toContain('OperatorRoleArn');
  });

  it('has a role of its own, assumable from the account, holding only named actions on this stage’s resources', () => {
    expect(role).toBeDefined();
    expect(JSON.stringify(role.props.AssumeRolePolicyDocument)).toContain(':root');
    // Assumed only with MFA: the account's root principal, on condition.
    expect(role.props.AssumeRolePolicyDocument.Statement.map((st: any) => st.Condition)).toEqual([
      { Bool: { 'aws:MultiFactorAuthPresent': 'true' } },
    ]);
    expect(role.props.MaxSessionDuration).toBe(3600);
    expect(statements.length).toBeGreaterThan(2);
    for (const s of statements) {
      expect({ s, wild: actionsOf(s).some((a) => a.includes('*')) }).toEqual({ s, wild: false });
      expect(s.Resource).not.toBe('*');
    }
    const actions = statements.flatMap(actionsOf);
    // What its code does: the table, the stack's outputs, the signing keys' rotation, the audit URL and its log.
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:PutItem',
        'dynamodb:Query',
        'cloudformation:DescribeStacks',
        'secretsmanager:PutSecretValue',
        'lambda:InvokeFunctionUrl',
        'logs:FilterLogEvents',
        'sqs:SendMessage',
        'sqs:ReceiveMessage',
        // ops dlq-delete and dlq-redrive: one DLQ message by its id.
        'sqs:DeleteMessage',
      ]),
    );
    // Nothing that changes the stack, its code, its roles or its logs.
    expect(
      actions.filter((a: string) => /^(iam|cloudformation:(Create|Update|Delete)|lambda:(Update|Delete|Create|Put|Add))/.test(a)),
    ).toEqual([]);
  });

  it('audits through a function behind an IAM-authenticated URL, into a log the role can read but never write or change', () => {
    const url = prod.resources.find((r) => r.type === 'AWS::Lambda::Url')!;
    expect(url.props.AuthType).toBe('AWS_IAM');
    const logGroup = prod.resources.find(
      (r) => r.type === 'AWS::Logs::LogGroup' && r.props.LogGroupName === '/aws/lambda/papi-prod-operator-audit',
    )!;
    expect(logGroup.props.RetentionInDays).toBe(3653);
    expect(audit).toBeDefined();
    const onAudit = statements.filter((s: any) => /operator-audit|OperatorAudit/.test(JSON.stringify(s.Resource)));
    expect(onAudit.flatMap(actionsOf).sort()).toEqual(['lambda:InvokeFunctionUrl', 'logs:FilterLogEvents']);
    expect(statements.flatMap(actionsOf).filter((a: string) => a.startsWith('logs:') && a !== 'logs:FilterLogEvents')).toEqual([]);
  });
});
