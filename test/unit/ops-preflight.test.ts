import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { ChatbotClient, DescribeSlackWorkspacesCommand } from '@aws-sdk/client-chatbot';
import { CloudFormationClient, DescribeAccountLimitsCommand, ListStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSummaryCommand, IAMClient } from '@aws-sdk/client-iam';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import { type AwsStub, mockClient } from 'aws-sdk-client-mock';
import { API_RESOURCES_QUOTA_CODE, type PreflightNeeds, preflightClients, runPreflight } from '../../lib/operator/preflight/checks';
import { needsOf, preflight } from '../../scripts/ops-preflight';
import { resolveStage } from '../../infra/aws/stages';
import { gatewayResources } from '../../infra/gateway/resources';
import { ROUTES } from '../../lib/routes';

/**
 * `npm run ops -- preflight` against the AWS SDK's clients, answered by aws-sdk-client-mock: a new
 * account that grants nothing yet, and one that grants everything. The stage is the committed
 * sandbox-preview with a domain and a Slack pager patched in, so every check has something to read.
 */
const ses = mockClient(SESv2Client);
const acm = mockClient(ACMClient);
// The Chatbot client's last release (3.670) is older than the other clients: its types are another smithy's, its mock the same.
const chatbot = mockClient(ChatbotClient as unknown as typeof SESv2Client) as unknown as AwsStub<any, any, any>;
const lambda = mockClient(LambdaClient);
const quotas = mockClient(ServiceQuotasClient);
const iam = mockClient(IAMClient);
const cloudformation = mockClient(CloudFormationClient);
const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';

jest.mock('../../infra/aws/stages', () => {
  const actual = jest.requireActual('../../infra/aws/stages');
  return {
    ...actual,
    resolveStage: (name: string) =>
      actual.resolveStage(name, {
        region: 'us-east-1',
        domain: { name: 'api.example.com', certificateArn: CERT },
        alarms: { pager: { kind: 'slack', workspaceId: 'T0123', channelId: 'C0456' } },
      }),
  };
});

function grantEverything() {
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true, EnforcementStatus: 'HEALTHY' });
  ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
  acm.on(DescribeCertificateCommand).resolves({ Certificate: { CertificateArn: CERT, DomainName: '*.example.com', Status: 'ISSUED' } });
  chatbot.on(DescribeSlackWorkspacesCommand as never).resolves({ SlackWorkspaces: [{ SlackTeamId: 'T0123', SlackTeamName: 'Acme' }] });
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
  cloudformation.on(DescribeAccountLimitsCommand).resolves({ AccountLimits: [{ Name: 'StackLimit', Value: 2000 }] });
  cloudformation.on(ListStacksCommand).resolves({ StackSummaries: [] });
  iam.on(GetAccountSummaryCommand).resolves({ SummaryMap: { Roles: 10, RolesQuota: 1000 } });
  quotas.on(GetServiceQuotaCommand, { ServiceCode: 'apigateway', QuotaCode: API_RESOURCES_QUOTA_CODE }).resolves({ Quota: { Value: 300 } });
}

async function run(argv = ['--stage', 'sandbox-preview']) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await preflight(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeEach(() => {
  for (const m of [ses, acm, chatbot, lambda, quotas, iam, cloudformation]) m.reset();
  grantEverything();
});

describe('npm run ops -- preflight', () => {
  it('exits 0 and says so when the account grants everything the stage needs', async () => {
    const { code, out } = await run();
    expect(out).not.toContain('MISSING');
    expect(out).toContain("Nothing missing: stage sandbox-preview's account grants what its deploy needs.");
    expect(code).toBe(0);
  });

  it('names every missing grant of a new account, each with what to do, and exits 1', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true, EnforcementStatus: 'HEALTHY' });
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'PENDING' } });
    acm.on(DescribeCertificateCommand).resolves({
      Certificate: {
        CertificateArn: CERT,
        DomainName: 'api.example.com',
        Status: 'PENDING_VALIDATION',
        DomainValidationOptions: [
          {
            DomainName: 'api.example.com',
            ResourceRecord: { Name: '_x.api.example.com.', Type: 'CNAME', Value: '_y.acm-validations.aws.' },
          },
        ],
      },
    });
    chatbot.on(DescribeSlackWorkspacesCommand as never).resolves({ SlackWorkspaces: [] });
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    quotas.on(GetServiceQuotaCommand).resolves({ Quota: { Value: 10 } });
    iam.on(GetAccountSummaryCommand).resolves({ SummaryMap: { Roles: 995, RolesQuota: 1000 } });
    cloudformation.on(DescribeAccountLimitsCommand).resolves({ AccountLimits: [{ Name: 'StackLimit', Value: 20 }] });
    cloudformation
      .on(ListStacksCommand)
      .resolvesOnce({ StackSummaries: Array(10).fill({}), NextToken: 'n' })
      .resolves({ StackSummaries: Array(5).fill({}) });

    const { code, out } = await run();
    expect(code).toBe(1);
    const missing = out
      .split('\n')
      .filter((l) => l.startsWith('MISSING'))
      .map((l) => l.slice(8, l.indexOf(':')));
    expect(missing).toEqual([
      'SES production access',
      'SES identity example.com',
      'ACM certificate',
      'AWS Chatbot (Slack pager)',
      'Lambda concurrency',
      'Lambda concurrency for the reservations',
      'CloudFormation stacks',
      'IAM roles',
      'API Gateway resources per API',
    ]);
    // What to do, named: SES's interim, the DNS record to publish, the quota and the setting to change.
    expect(out).toContain("verify the first owner's address: aws sesv2 create-email-identity");
    expect(out).toContain('_x.api.example.com. CNAME _y.acm-validations.aws.');
    expect(out).toContain('the account grants 10 concurrent executions; infra/aws/stages.ts assumes 1000');
    expect(out).toContain('or commit accountConcurrency: 10');
    expect(out).toContain('15 of 20 in use');
  });

  it('names a quota above the committed setting where the stage alarms on it: the alarm would page far below the account’s limit', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 3000 } });
    const { code, out } = await run();
    expect(code).toBe(1);
    expect(out).toContain('MISSING Lambda concurrency alarm: the account grants 3000 concurrent executions; infra/aws/stages.ts says 1000');
    expect(out).toContain('would page at 800, 27 % of what the account grants');
    expect(out).toContain('commit accountConcurrency: 3000');
    // A stage that leaves the account's alarms to another (staging beside prod) is not held to it.
    const needs = needsOf(
      jest.requireActual<typeof import('../../infra/aws/stages')>('../../infra/aws/stages').resolveStage('staging'),
      'us-east-1',
    );
    expect(needs.concurrency.alarmed).toBe(false);
    const findings = await runPreflight(needs, preflightClients('us-east-1'));
    expect(findings.filter((f) => f.check.startsWith('Lambda concurrency'))).toEqual([
      { check: 'Lambda concurrency', ok: true, found: '3000 granted, 1000 assumed by infra/aws/stages.ts' },
    ]);
  });

  it('takes an identity the first deploy will create as no missing grant, and one it will not as missing', async () => {
    ses.on(GetEmailIdentityCommand).rejects(new NotFoundException({ message: 'not found', $metadata: {} }));
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out).toContain('SES identity example.com: not created yet in us-east-1: the first deploy creates it');
    // A stage that shares another's identity (email.ownsIdentity false) cannot make it: missing.
    const shared = { ...needsOf(resolveStage('sandbox-preview'), 'us-east-1') };
    shared.email = { ...shared.email, owned: false };
    const clients = preflightClients('us-east-1');
    const identity = (await runPreflight(shared, clients)).find((f) => f.check === 'SES identity example.com')!;
    for (const c of Object.values(clients)) c.destroy();
    expect(identity).toMatchObject({ ok: false, fix: expect.stringContaining('deploy the stage that owns the identity first') });
  });

  it('says which right it lacks where it cannot read, and counts that as missing', async () => {
    chatbot.on(DescribeSlackWorkspacesCommand as never).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const { code, out } = await run();
    expect(code).toBe(1);
    expect(out).toContain('MISSING AWS Chatbot (Slack pager): could not read it (AccessDeniedException)');
    expect(out).toContain('chatbot:DescribeSlackWorkspaces');
  });

  it('refuses without a deployed stage, or for one whose settings are not committed', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['--stage', 'local'])).code).toBe(2);
    const unknown = await run(['--stage', 'nowhere']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown stage "nowhere"/);
  });
});

describe('what a stage needs of its account', () => {
  it('comes from the committed settings and the route table', () => {
    const settings = jest.requireActual<typeof import('../../infra/aws/stages')>('../../infra/aws/stages').resolveStage('sandbox-preview');
    const needs: PreflightNeeds = needsOf(settings, 'eu-west-1');
    expect(needs).toMatchObject({
      region: 'eu-west-1',
      email: { domain: 'example.com', owned: true },
      concurrency: {
        assumed: settings.accountConcurrency,
        reserved: settings.reservedConcurrency
          ? settings.reservedConcurrency.fanout + settings.reservedConcurrency.sequencer + settings.reservedConcurrency.signer
          : settings.shards.lanes * settings.signerConcurrency,
      },
    });
    expect(needs.domain).toBeUndefined();
    expect(needs.slackWorkspaceId).toBeUndefined();
    expect(needs.creates.apiResources).toBe(gatewayResources(ROUTES).length);
    expect(needs.creates.roles).toBeGreaterThan(ROUTES.length);
  });

  it('reads Chatbot where its API is served, IAM where it is global, and the rest in the stage region', async () => {
    const clients = preflightClients('eu-west-1');
    expect(await clients.chatbot.config.region()).toBe('us-east-2');
    expect(await clients.iam.config.region()).toBe('us-east-1');
    expect(await clients.ses.config.region()).toBe('eu-west-1');
    for (const c of Object.values(clients)) c.destroy();
  });
});
