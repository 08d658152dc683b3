import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { handler } from '../../functions/operator/record-audit';

/** A call of the audit function's URL as Lambda hands it over: IAM-authenticated, the caller verified by AWS. */
const call = (body: unknown, iam?: Record<string, string>): LambdaFunctionURLEvent =>
  ({
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { authorizer: iam ? { iam } : undefined },
  }) as unknown as LambdaFunctionURLEvent;

const act = { run_id: 'r1', action: 'endpoint-disable', argv: ['endpoint-disable', 'we_1'], target: 'stage prod', outcome: 'started' };
const alice = {
  userArn: 'arn:aws:sts::123456789012:assumed-role/papi-prod-operator/alice',
  userId: 'AROAX:alice',
  accountId: '123456789012',
};

describe('the operator audit function', () => {
  const logged: string[] = [];
  beforeEach(() => {
    logged.length = 0;
    jest.spyOn(console, 'log').mockImplementation((line: string) => void logged.push(line));
  });
  afterEach(() => jest.restoreAllMocks());

  it('records the act with the caller AWS verified, not one the CLI names', async () => {
    const res = await handler(call({ ...act, named_as: 'bob' }, alice));
    expect(res).toMatchObject({ statusCode: 200 });
    const line = JSON.parse(logged[0]);
    expect(line).toMatchObject({
      operator_audit: true,
      act: { ...act, operator: alice.userArn, operator_user_id: 'AROAX:alice', operator_account: '123456789012', named_as: 'bob' },
    });
    expect(line.act.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses a body that names its own operator, and a call without a verified caller', async () => {
    expect(await handler(call({ ...act, operator: 'arn:aws:iam::123456789012:user/someone-else' }, alice))).toMatchObject({
      statusCode: 400,
    });
    expect(await handler(call(act))).toMatchObject({ statusCode: 400 });
    expect(logged).toEqual([]);
  });
});
