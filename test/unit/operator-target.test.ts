import { parseCliArgs } from '../../lib/operator/cli-args';
import { STAGE_OUTPUTS } from '../../lib/operator/stage-outputs';
import { OperatorError, resolveTarget } from '../../lib/operator/target';

/** A deployed stage's outputs as CloudFormation would answer them (the CLI reads nothing else of the stage). */
const outputs = (): Record<string, string> => ({
  TableName: 'papi-prod-table-1a2b3c4d',
  FilesBucket: 'papi-prod-files-123456789012-us-east-1',
  KmsKeyId: 'arn:aws:kms:us-east-1:123456789012:key/abc',
  EventPendingShards: '16',
  EventIndexShards: '8',
  WebhookQueueUrls: 'https://sqs.us-east-1.amazonaws.com/123456789012/papi-prod-webhook-deliveries.fifo',
  PublicUrl: 'https://api.example.com',
  DocsUrl: 'https://api.example.com/docs',
  MailFrom: 'no-reply@mail.example.com',
  CursorKeySecret: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/cursor-signing-key-1a2b3c4d-x',
  HostedLinkKeySecret: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/hosted-link-signing-key-1a2b3c4d-y',
  OneTimeCodeKeySecret: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/one-time-code-key-1a2b3c4d-w',
  CanaryKeySecret: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:papi-prod/canary-key-1a2b3c4d-z',
  OperatorAuditUrl: 'https://abc.lambda-url.us-east-1.on.aws/',
  OperatorAuditLogGroup: '/aws/lambda/papi-prod-operator-audit',
});

/** The environment of an operator's shell that has run `npm start` before: every local default there to be picked up. */
const shell = (): NodeJS.ProcessEnv => ({
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
  SQS_ENDPOINT: 'http://127.0.0.1:9000',
  LOCAL_DIR: '.local',
  TABLE_NAME: 'partner-api',
  EVENT_INDEX_SHARDS: '1',
  STAGE: 'local',
  AWS_REGION: 'us-east-1',
});

describe('the operator CLI’s target', () => {
  it('refuses to run without a stage: nothing is assumed', async () => {
    const env = shell();
    await expect(resolveTarget(parseCliArgs(['verify', 'cmp_1']), { env, readOutputs: async () => outputs() })).rejects.toThrow(
      /--stage is required/,
    );
    expect(env.TABLE_NAME).toBe('partner-api');
  });

  it('reads a deployed stage from its stack’s outputs alone, and leaves nothing of the embedded default in the environment', async () => {
    const env = shell();
    const asked: string[] = [];
    const target = await resolveTarget(parseCliArgs(['verify', 'cmp_1', '--stage', 'prod']), {
      env,
      readOutputs: async (stack, region) => {
        asked.push(`${stack}@${region}`);
        return outputs();
      },
    });
    expect(asked).toEqual(['PartnerApi-prod@us-east-1']);
    expect(target).toMatchObject({
      stage: 'prod',
      table: 'papi-prod-table-1a2b3c4d',
      audit: { url: 'https://abc.lambda-url.us-east-1.on.aws/' },
    });
    for (const [key, variable] of Object.entries(STAGE_OUTPUTS)) expect(env[variable]).toBe(outputs()[key]);
    expect(env.STAGE).toBe('prod');
    expect(env.EVENT_INDEX_SHARDS).toBe('8');
    for (const local of ['DYNAMODB_ENDPOINT', 'SQS_ENDPOINT', 'LOCAL_DIR']) expect(env[local]).toBeUndefined();
  });

  it('refuses a stack without one of the outputs it reads, naming it, and a stage with no stack', async () => {
    const partial = outputs();
    delete partial.EventIndexShards;
    const env = shell();
    const run = resolveTarget(parseCliArgs(['x', '--stage', 'prod']), { env, readOutputs: async () => partial });
    await expect(run).rejects.toBeInstanceOf(OperatorError);
    await expect(resolveTarget(parseCliArgs(['x', '--stage', 'prod']), { env: shell(), readOutputs: async () => partial })).rejects.toThrow(
      /has no output EventIndexShards/,
    );
    expect(env.DYNAMODB_ENDPOINT).toBe('http://127.0.0.1:8000'); // nothing changed by a refused run
    await expect(
      resolveTarget(parseCliArgs(['x', '--stage', 'staging']), { env: shell(), readOutputs: async () => undefined }),
    ).rejects.toThrow(/No stack PartnerApi-staging in us-east-1/);
  });

  it('needs the region of a deployed stage', async () => {
    const env = shell();
    delete env.AWS_REGION;
    await expect(resolveTarget(parseCliArgs(['x', '--stage', 'prod']), { env, readOutputs: async () => outputs() })).rejects.toThrow(
      /needs its region/,
    );
  });
});
