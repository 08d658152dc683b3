import { ACMClient, type CertificateDetail, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { ChatbotClient, DescribeSlackWorkspacesCommand } from '@aws-sdk/client-chatbot';
import { CloudFormationClient, DescribeAccountLimitsCommand, ListStacksCommand, type StackStatus } from '@aws-sdk/client-cloudformation';
import { GetAccountSummaryCommand, IAMClient } from '@aws-sdk/client-iam';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';

/**
 * What a stage asks of its account before its first deploy (scripts/ops-preflight.ts works it out from
 * infra/aws/stages.ts and the route table): what AWS itself must grant, which no deploy can.
 */
export interface PreflightNeeds {
  stage: string;
  region: string;
  /** The SES domain identity the stage sends from; `owned`: this stage's deploy creates it. */
  email: { domain: string; owned: boolean };
  /** The custom domain and its regional ACM certificate, when the stage has one. */
  domain?: { name: string; certificateArn: string };
  /** The Slack workspace AWS Chatbot must be authorised for, when the pager is Slack. */
  slackWorkspaceId?: string;
  /**
   * Lambda concurrency: what stages.ts says the account grants (`accountConcurrency`), what the stage
   * reserves (`reservedConcurrency`), and whether this stage's `lambda-concurrency` alarm watches the
   * account at 80 % of `assumed` (it owns the account's pieces).
   */
  concurrency: { assumed: number; reserved: number; alarmed?: boolean };
  /** What the first deploy creates against account quotas: CloudFormation stacks, IAM roles, resources of the one REST API. */
  creates: { stacks: number; roles: number; apiResources: number };
}

/** One check: passed or missing, what was found, and (when missing) what to do. */
export interface Finding {
  check: string;
  ok: boolean;
  found: string;
  fix?: string;
}

export interface PreflightClients {
  ses: SESv2Client;
  acm: ACMClient;
  /** AWS Chatbot's API is served from a few regions only (us-east-2 among them): the client is made for one. */
  chatbot: ChatbotClient;
  lambda: LambdaClient;
  quotas: ServiceQuotasClient;
  iam: IAMClient;
  cloudformation: CloudFormationClient;
}

/** The clients of one region (IAM is global; Chatbot's API answers in us-east-2). */
export function preflightClients(region: string): PreflightClients {
  return {
    ses: new SESv2Client({ region }),
    acm: new ACMClient({ region }),
    chatbot: new ChatbotClient({ region: 'us-east-2' }),
    lambda: new LambdaClient({ region }),
    quotas: new ServiceQuotasClient({ region }),
    iam: new IAMClient({ region: 'us-east-1' }),
    cloudformation: new CloudFormationClient({ region }),
  };
}

/** API Gateway's "Resources per API" quota (default 300). */
export const API_RESOURCES_QUOTA_CODE = 'L-01C8A9E0';
/** Lambda keeps this much of the account's concurrency unreserved: reservations may never take it. */
export const LAMBDA_UNRESERVED_FLOOR = 100;

const errorName = (error: unknown) => (error as { name?: string })?.name ?? String(error);

/** Every check, in the order the README's going-live section meets them; a check that cannot read says which right it lacks. */
export async function runPreflight(needs: PreflightNeeds, clients: PreflightClients): Promise<Finding[]> {
  const checks: [string, string, () => Promise<Finding[]>][] = [
    ['SES production access', 'ses:GetAccount', () => sesAccess(needs, clients)],
    [`SES identity ${needs.email.domain}`, 'ses:GetEmailIdentity', () => sesIdentity(needs, clients)],
    ['ACM certificate', 'acm:DescribeCertificate', () => certificate(needs, clients)],
    ['AWS Chatbot (Slack pager)', 'chatbot:DescribeSlackWorkspaces', () => chatbot(needs, clients)],
    ['Lambda concurrency', 'lambda:GetAccountSettings', () => concurrency(needs, clients)],
    ['CloudFormation stacks', 'cloudformation:DescribeAccountLimits, cloudformation:ListStacks', () => stacks(needs, clients)],
    ['IAM roles', 'iam:GetAccountSummary', () => roles(needs, clients)],
    ['API Gateway resources per API', 'servicequotas:GetServiceQuota', () => apiResources(needs, clients)],
  ];
  const findings: Finding[] = [];
  for (const [check, rights, run] of checks) {
    try {
      findings.push(...(await run()));
    } catch (error) {
      findings.push({
        check,
        ok: false,
        found: `could not read it (${errorName(error)})`,
        fix: `run the pre-flight with credentials that may call ${rights} in ${needs.region}`,
      });
    }
  }
  return findings;
}

async function sesAccess({ region, email }: PreflightNeeds, { ses }: PreflightClients): Promise<Finding[]> {
  const account = await ses.send(new GetAccountCommand({}));
  const check = 'SES production access';
  const out: Finding[] = [];
  if (account.ProductionAccessEnabled) out.push({ check, ok: true, found: `granted in ${region}` });
  else
    out.push({
      check,
      ok: false,
      found: `SES is in its sandbox in ${region}: it sends only to verified addresses, so a new owner's sign-in code is refused`,
      fix: `request production access (SES console → Account dashboard → Request production access). Until it is granted, verify the first owner's address: aws sesv2 create-email-identity --email-identity <owner's address> --region ${region} (they click the link SES sends), as docs/platform.md, "Going live", says`,
    });
  if (account.SendingEnabled === false || (account.EnforcementStatus && account.EnforcementStatus !== 'HEALTHY'))
    out.push({
      check: 'SES sending',
      ok: false,
      found: `sending ${account.SendingEnabled === false ? 'paused' : 'enabled'}, enforcement ${account.EnforcementStatus ?? 'unknown'}`,
      fix: `read the SES console's reputation page for ${email.domain}'s account and resolve the review before going live`,
    });
  return out;
}

async function sesIdentity({ region, email }: PreflightNeeds, { ses }: PreflightClients): Promise<Finding[]> {
  const check = `SES identity ${email.domain}`;
  try {
    const identity = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: email.domain }));
    if (identity.VerifiedForSendingStatus) return [{ check, ok: true, found: 'verified for sending' }];
    return [
      {
        check,
        ok: false,
        found: `not verified for sending (DKIM ${identity.DkimAttributes?.Status ?? 'unknown'})`,
        fix: "publish the stack's three DkimRecord outputs as CNAME records in the domain's DNS; SES verifies within 72 hours",
      },
    ];
  } catch (error) {
    if (errorName(error) !== 'NotFoundException') throw error;
    return email.owned
      ? [
          {
            check,
            ok: true,
            found: `not created yet in ${region}: the first deploy creates it`,
            fix: "after it, publish the stack's three DkimRecord outputs in DNS (docs/platform.md)",
          },
        ]
      : [
          {
            check,
            ok: false,
            found: `no such identity in ${region}, and this stage does not create it (email.ownsIdentity is false)`,
            fix: 'deploy the stage that owns the identity first, or set ownsIdentity: true in infra/aws/stages.ts',
          },
        ];
  }
}

async function certificate({ region, domain }: PreflightNeeds, { acm }: PreflightClients): Promise<Finding[]> {
  const check = 'ACM certificate';
  if (!domain) return [{ check, ok: true, found: 'no custom domain: the stage answers at its execute-api address' }];
  let found: CertificateDetail | undefined;
  try {
    found = (await acm.send(new DescribeCertificateCommand({ CertificateArn: domain.certificateArn }))).Certificate;
  } catch (error) {
    if (errorName(error) !== 'ResourceNotFoundException') throw error;
  }
  if (!found)
    return [
      {
        check,
        ok: false,
        found: `no certificate ${domain.certificateArn} in ${region}`,
        fix: `request one for ${domain.name} in ${region} (a regional API needs a certificate of its own region) and commit its ARN in infra/aws/stages.ts`,
      },
    ];
  const names = [found.DomainName, ...(found.SubjectAlternativeNames ?? [])].filter((n): n is string => Boolean(n));
  const covers = names.some(
    (n) =>
      n === domain.name || (n.startsWith('*.') && domain.name.endsWith(n.slice(1)) && !domain.name.slice(0, -n.length + 1).includes('.')),
  );
  const out: Finding[] = [];
  if (found.Status === 'ISSUED') out.push({ check, ok: true, found: `issued for ${names.join(', ')}` });
  else {
    const records = (found.DomainValidationOptions ?? [])
      .map((o) => o.ResourceRecord)
      .filter((r) => r?.Name)
      .map((r) => `${r?.Name} ${r?.Type} ${r?.Value}`);
    out.push({
      check,
      ok: false,
      found: `status ${found.Status ?? 'unknown'}`,
      fix:
        found.Status === 'PENDING_VALIDATION'
          ? `publish the validation record${records.length > 1 ? 's' : ''} in DNS: ${records.join('; ') || 'see the ACM console'}`
          : `request a new certificate for ${domain.name} and commit its ARN in infra/aws/stages.ts`,
    });
  }
  if (!covers)
    out.push({
      check: 'ACM certificate names',
      ok: false,
      found: `it names ${names.join(', ')}, not ${domain.name}`,
      fix: `request a certificate for ${domain.name}`,
    });
  return out;
}

async function chatbot({ slackWorkspaceId }: PreflightNeeds, { chatbot: client }: PreflightClients): Promise<Finding[]> {
  const check = 'AWS Chatbot (Slack pager)';
  if (!slackWorkspaceId) return [{ check, ok: true, found: 'the pager is not Slack' }];
  const teams: string[] = [];
  let next: string | undefined;
  do {
    const page = await client.send(new DescribeSlackWorkspacesCommand({ NextToken: next }));
    teams.push(...(page.SlackWorkspaces ?? []).map((w) => w.SlackTeamId ?? ''));
    next = page.NextToken;
  } while (next);
  if (teams.includes(slackWorkspaceId)) return [{ check, ok: true, found: `workspace ${slackWorkspaceId} authorised` }];
  return [
    {
      check,
      ok: false,
      found: `workspace ${slackWorkspaceId} is not authorised in this account (authorised: ${teams.filter(Boolean).join(', ') || 'none'})`,
      fix: 'authorise it once in the AWS Chatbot console (Configure new client → Slack), signed in to Slack as an admin of the workspace; the deploy cannot',
    },
  ];
}

async function concurrency({ concurrency: need }: PreflightNeeds, { lambda }: PreflightClients): Promise<Finding[]> {
  const settings = await lambda.send(new GetAccountSettingsCommand({}));
  const quota = settings.AccountLimit?.ConcurrentExecutions ?? 0;
  const out: Finding[] = [];
  const check = 'Lambda concurrency';
  // A quota above the setting: the alarm pages at 80 % of the setting, long before the account's limit.
  if (quota > need.assumed && need.alarmed)
    out.push({
      check: 'Lambda concurrency alarm',
      ok: false,
      found: `the account grants ${quota} concurrent executions; infra/aws/stages.ts says ${need.assumed}, so the lambda-concurrency alarm would page at ${Math.round(need.assumed * 0.8)}, ${Math.round((need.assumed * 80) / quota)} % of what the account grants`,
      fix: `commit accountConcurrency: ${quota} in infra/aws/stages.ts, so the alarm fires at 80 % of the real quota`,
    });
  else if (quota >= need.assumed) out.push({ check, ok: true, found: `${quota} granted, ${need.assumed} assumed by infra/aws/stages.ts` });
  else
    out.push({
      check,
      ok: false,
      found: `the account grants ${quota} concurrent executions; infra/aws/stages.ts assumes ${need.assumed} (accountConcurrency: its 80 % alarm and docs/capacity.md)`,
      fix: `request an increase of Lambda's "Concurrent executions" (Service Quotas, L-B99A9384) to ${need.assumed}, or commit accountConcurrency: ${quota}`,
    });
  if (quota < need.reserved + LAMBDA_UNRESERVED_FLOOR)
    out.push({
      check: 'Lambda concurrency for the reservations',
      ok: false,
      found: `the stage reserves ${need.reserved} (reservedConcurrency: fan-out, backstop, signer), and Lambda keeps ${LAMBDA_UNRESERVED_FLOOR} unreserved: ${quota} is less than ${need.reserved + LAMBDA_UNRESERVED_FLOOR}, so the deploy would be refused`,
      fix: `request at least ${need.reserved + LAMBDA_UNRESERVED_FLOOR} concurrent executions, or lower reservedConcurrency in infra/aws/stages.ts`,
    });
  return out;
}

const LIVE_STACK: StackStatus[] = [
  'CREATE_IN_PROGRESS',
  'CREATE_COMPLETE',
  'ROLLBACK_IN_PROGRESS',
  'ROLLBACK_FAILED',
  'ROLLBACK_COMPLETE',
  'DELETE_FAILED',
  'UPDATE_IN_PROGRESS',
  'UPDATE_COMPLETE_CLEANUP_IN_PROGRESS',
  'UPDATE_COMPLETE',
  'UPDATE_FAILED',
  'UPDATE_ROLLBACK_IN_PROGRESS',
  'UPDATE_ROLLBACK_FAILED',
  'UPDATE_ROLLBACK_COMPLETE_CLEANUP_IN_PROGRESS',
  'UPDATE_ROLLBACK_COMPLETE',
  'REVIEW_IN_PROGRESS',
  'IMPORT_IN_PROGRESS',
  'IMPORT_COMPLETE',
  'IMPORT_ROLLBACK_IN_PROGRESS',
  'IMPORT_ROLLBACK_FAILED',
  'IMPORT_ROLLBACK_COMPLETE',
];

async function stacks({ region, creates }: PreflightNeeds, { cloudformation }: PreflightClients): Promise<Finding[]> {
  const limits = await cloudformation.send(new DescribeAccountLimitsCommand({}));
  const limit = limits.AccountLimits?.find((l) => l.Name === 'StackLimit')?.Value ?? 2000;
  let used = 0;
  let next: string | undefined;
  do {
    const page = await cloudformation.send(new ListStacksCommand({ StackStatusFilter: LIVE_STACK, NextToken: next }));
    used += page.StackSummaries?.length ?? 0;
    next = page.NextToken;
  } while (next);
  const check = 'CloudFormation stacks';
  const found = `${used} of ${limit} in use in ${region}; the first deploy makes ${creates.stacks}`;
  return used + creates.stacks <= limit
    ? [{ check, ok: true, found }]
    : [{ check, ok: false, found, fix: `request a higher CloudFormation "Stack count" (Service Quotas) or delete unused stacks` }];
}

async function roles({ creates }: PreflightNeeds, { iam }: PreflightClients): Promise<Finding[]> {
  const summary = (await iam.send(new GetAccountSummaryCommand({}))).SummaryMap ?? {};
  const used = summary.Roles ?? 0;
  const quota = summary.RolesQuota ?? 1000;
  const check = 'IAM roles';
  const found = `${used} of ${quota} in use; the first deploy makes about ${creates.roles}`;
  return used + creates.roles <= quota
    ? [{ check, ok: true, found }]
    : [{ check, ok: false, found, fix: 'request a higher IAM "Roles per account" (Service Quotas, us-east-1) or delete unused roles' }];
}

async function apiResources({ creates }: PreflightNeeds, { quotas }: PreflightClients): Promise<Finding[]> {
  const { Quota } = await quotas.send(new GetServiceQuotaCommand({ ServiceCode: 'apigateway', QuotaCode: API_RESOURCES_QUOTA_CODE }));
  const value = Quota?.Value ?? 300;
  const check = 'API Gateway resources per API';
  const found = `the REST API has ${creates.apiResources} resources; the quota is ${value}`;
  return creates.apiResources <= value
    ? [{ check, ok: true, found }]
    : [
        {
          check,
          ok: false,
          found,
          fix: `request API Gateway's "Resources per API" (Service Quotas, ${API_RESOURCES_QUOTA_CODE}) above ${creates.apiResources}`,
        },
      ];
}

/** The findings as the operator reads them, one line each, the missing ones with what to do. */
export function formatFindings(stage: string, findings: Finding[]): string {
  const missing = findings.filter((f) => !f.ok);
  return [
    ...findings.map((f) => `${f.ok ? 'ok     ' : 'MISSING'} ${f.check}: ${f.found}${f.fix ? `\n        → ${f.fix}` : ''}`),
    '',
    missing.length
      ? `${missing.length} missing: stage ${stage} cannot go live until each is granted.`
      : `Nothing missing: stage ${stage}'s account grants what its deploy needs.`,
  ].join('\n');
}
