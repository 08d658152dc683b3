import { Aws, CfnOutput, CfnResource, Duration, NestedStack, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { STAGE_OUTPUTS, type StageOutputKey } from '../../lib/operator/stage-outputs';
import { CfnSchedule, ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { FALLBACK_HANDLER, ROUTES, type Route } from '../../lib/routes';
import { GLOBAL_INDEXES } from '../../lib/store/table-definition';
import { analyseCode, type UsedAction } from './access/analyse-code';
import { FunctionBundles } from './bundling';
import { acknowledgedWildcards, statementsFor, type AccessResources } from './access/grants';
import { Data } from './constructs/data';
import { OnCall, type WatchedFunction } from './constructs/on-call';
import { PartnerRestApi, type MethodTarget } from './constructs/rest-api';
import { ServiceFunction } from './constructs/service-function';
import { BACKSTOP_TIMEOUT, SIGNER_TIMEOUT, WebhookPipeline } from './constructs/webhook-pipeline';
import { ADVANCE_STEP_TIMEOUT, SandboxClockSteps } from './constructs/sandbox-clock-steps';
import { MAIL_SENDER_TIMEOUT, MailQueue } from './constructs/mail-queue';
import { jobFiles, scheduleOf } from './job-schedules';
import { familiesOf, familyChains, familyStackId } from './route-families';
import type { StageSettings } from './stages';

export const FANOUT_ENTRY = 'functions/webhooks/fanout.ts';
export const SIGNER_ENTRY = 'functions/webhooks/deliver.ts';
export const BACKSTOP_ENTRY = 'functions/events/sequencer-backstop.ts';
export const MAILER_ENTRY = 'functions/email/send-queued-mail.ts';
export const JOBS_FOLDER = 'functions/jobs';
/** Records each operator act with the caller AWS verified (lib/operator/audit-trail.ts). */
export const OPERATOR_AUDIT_ENTRY = 'functions/operator/record-audit.ts';
/** The operator CLI: its code decides the operator role's rights, as each function's code decides its own. */
export const OPERATOR_CLI_ENTRY = 'scripts/ops.ts';
export const ADVANCE_STEP_ENTRY = 'functions/sandbox-clock/advance-step.ts';

export interface PartnerApiStackProps extends StackProps {
  settings: StageSettings;
  /**
   * Entries of the pipeline and job functions. Default: the files of the repository (FANOUT_ENTRY,
   * SIGNER_ENTRY, BACKSTOP_ENTRY, every file of JOBS_FOLDER); one that is missing fails the synthesis.
   * Tests pass others.
   */
  entries?: { fanout?: string; signer?: string; backstop?: string; mailer?: string; jobs?: string[]; advanceStep?: string };
  /** The route table; default: ROUTES. Tests pass a larger synthetic one to prove the layout scales. */
  routes?: Route[];
}

/** A route's area on the on-call dashboard (its graphs are grouped by area). */
export function routeGroupOf(route: Route): string {
  if (route.path.startsWith('/v1/sandbox/')) return 'Sandbox';
  return { partner: 'Partner', dashboard: 'Dashboard', public: 'Public' }[route.audience];
}

/** One stage of the system: the API and its functions, the table, the webhook pipeline, the jobs, on-call. */
export class PartnerApiStack extends Stack {
  readonly watched: WatchedFunction[] = [];
  /** Where a job's run goes when Lambda's retries are spent (its on-failure destination). */
  jobFailuresQueueName?: string;

  constructor(scope: Construct, id: string, props: PartnerApiStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const routes = props.routes ?? ROUTES;
    const data = new Data(this, 'Data', { settings });

    const fanoutEntry = props.entries ? props.entries.fanout : FANOUT_ENTRY;
    const signerEntry = props.entries ? props.entries.signer : SIGNER_ENTRY;
    const backstopEntry = props.entries ? props.entries.backstop : BACKSTOP_ENTRY;
    const mailerEntry = props.entries ? props.entries.mailer : MAILER_ENTRY;
    const jobEntries = props.entries ? (props.entries.jobs ?? []) : jobFiles(JOBS_FOLDER);
    const advanceStepEntry = props.entries ? props.entries.advanceStep : ADVANCE_STEP_ENTRY;

    // What each function's code calls in AWS, read from the code (access/analyse-code.ts).
    const entries = [
      ...new Set(
        [
          ...routes.map((r) => r.handler),
          FALLBACK_HANDLER,
          fanoutEntry,
          signerEntry,
          backstopEntry,
          advanceStepEntry,
          mailerEntry,
          ...jobEntries,
          OPERATOR_AUDIT_ENTRY,
        ].filter((e): e is string => Boolean(e)),
      ),
    ];
    const used = analyseCode(entries);
    // Every function's bundle in one esbuild build, made when the CDK first bundles one (bundling.ts).
    const bundles = new FunctionBundles(entries);
    // The delivery queue exists once anything uses it: the pipeline's functions, or a route that enqueues (resend).
    const callsSqs = [...used.values()].some((actions) => actions.some((u) => u.service === 'sqs' && !u.narrowing?.queue));
    // The sandbox clock's steps queue exists once anything sends to it (the advance route, its worker).
    const clockSteps = [...used.values()].some((actions) => actions.some((u) => u.narrowing?.queue === 'sandbox-clock-steps'))
      ? new SandboxClockSteps(this, 'SandboxClock', { settings })
      : undefined;
    // The mail queue exists once anything sends mail (the sign-in routes) or reads it (the mail sender).
    const mailQueue =
      mailerEntry || [...used.values()].some((actions) => actions.some((u) => u.narrowing?.queue === 'mail'))
        ? new MailQueue(this, 'MailQueue', { settings })
        : undefined;
    const pipeline =
      fanoutEntry || signerEntry || backstopEntry || callsSqs ? new WebhookPipeline(this, 'Webhooks', { settings }) : undefined;

    const rest = new PartnerRestApi(this, 'Api', { settings, removalPolicy: settings.removalPolicy });
    const docsUrl = settings.docsUrl ?? `${rest.publicUrl}/docs`;
    rest.addGatewayResponses(docsUrl);

    const resources: AccessResources = {
      tableArn: data.tableArn,
      indexNames: GLOBAL_INDEXES.map((i) => i.indexName),
      keyArn: data.key.keyArn,
      filesBucketArn: data.filesBucketArn,
      filesBucketArnForNag: data.filesBucketArnForNag,
      queueArns: pipeline ? pipeline.queueArns : [],
      clockQueueArns: clockSteps ? [clockSteps.queueArn] : [],
      mailQueueArns: mailQueue ? [mailQueue.queueArn] : [],
      emailIdentityArn: `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${settings.email.domain}`,
      secretArns: { cursor: data.cursorSecret.secretArn, hostedLink: data.hostedLinkSecret.secretArn, canary: data.canarySecret.secretArn },
    };
    // Names and addresses only: no secret is ever in a function's environment (the signing keys are
    // read from Secrets Manager at run time, lib/signing-keys/; test/infra proves it).
    const environment: Record<string, string> = {
      STAGE: settings.name,
      TABLE_NAME: data.tableName,
      PUBLIC_URL: rest.publicUrl,
      DOCS_URL: docsUrl,
      CURSOR_KEY_SECRET: data.cursorSecret.secretArn,
      HOSTED_LINK_KEY_SECRET: data.hostedLinkSecret.secretArn,
      CANARY_KEY_SECRET: data.canarySecret.secretArn,
      KMS_KEY_ID: data.key.keyArn,
      FILES_BUCKET: data.filesBucketName,
      MAIL_FROM: settings.email.from,
      ...(settings.invoiceIssuer.name ? { INVOICE_ISSUER_NAME: settings.invoiceIssuer.name } : {}),
      ...(settings.invoiceIssuer.lines?.length ? { INVOICE_ISSUER_LINES: settings.invoiceIssuer.lines.join('|') } : {}),
      // The event log at AWS scale (docs/capacity.md): pending events over `eventPending` partitions per
      // partner+mode, the partner and type streams over `eventIndex` index shards. Both may grow, never shrink.
      EVENT_PENDING_SHARDS: String(settings.shards.eventPending),
      EVENT_INDEX_SHARDS: String(settings.shards.eventIndex),
      // The lane shards' queues, shard 0 first (lib/webhooks/lane-shards.ts).
      ...(pipeline ? { WEBHOOK_QUEUE_URLS: pipeline.queueUrls.join(',') } : {}),
      ...(clockSteps ? { SANDBOX_CLOCK_QUEUE_URL: clockSteps.queueUrl } : {}),
      ...(mailQueue ? { MAIL_QUEUE_URL: mailQueue.queueUrl } : {}),
    };

    const grantsFor = (entry: string, method?: string) => {
      const statements = statementsFor(entry, used.get(entry) ?? ([] as UsedAction[]), resources, method);
      return { statements, acknowledgedFindings: acknowledgedWildcards(statements, resources) };
    };
    type Extra = Partial<ConstructorParameters<typeof ServiceFunction>[2]> & { method?: string };
    const fn = (where: Construct, id: string, name: string, entry: string, description: string, { method, ...extra }: Extra = {}) =>
      new ServiceFunction(where, id, {
        functionName: `${settings.prefix}-${name}`,
        entry,
        bundles,
        description,
        environment,
        ...grantsFor(entry, method),
        logRetention: settings.logRetention,
        removalPolicy: settings.removalPolicy,
        timeout: settings.apiTimeout,
        ...extra,
      });

    // The fallback first: every family's `ANY` methods name it.
    const fallback = fn(this, 'Fallback', 'fallback', FALLBACK_HANDLER, 'Unknown paths (404) and methods (405)');
    fallback.fn.addPermission('ApiInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: rest.anyArn(),
      action: 'lambda:InvokeFunction',
    });
    const fallbackTarget = { name: `${settings.prefix}-fallback`, arn: fallback.fn.functionArn };

    // One nested stack per route family (route-families.ts): its functions and its part of the API.
    const scopes = new Map<string, NestedStack>();
    const targets = new Map<Route, MethodTarget>();
    for (const [root, members] of familiesOf(routes)) {
      const nested = new NestedStack(this, familyStackId(root), { description: `${settings.prefix}: routes under ${root}` });
      scopes.set(root, nested);
      for (const route of members) {
        const f = fn(nested, route.operation, route.operation, route.handler, `${route.method} ${route.path}`, { method: route.method });
        f.fn.addPermission('ApiInvoke', {
          principal: new ServicePrincipal('apigateway.amazonaws.com'),
          sourceArn: rest.methodArn(route),
          action: 'lambda:InvokeFunction',
        });
        targets.set(route, { name: `${settings.prefix}-${route.operation}`, arn: f.fn.functionArn });
      }
    }
    rest.addRoutes(routes, { scopeOf: (root) => scopes.get(root)!, targetOf: (route) => targets.get(route)! }, fallbackTarget);
    // Families are created a few at a time (route-families.ts, FAMILY_CHAINS): each waits for the one before it in its chain.
    const apiObjects = (nested: NestedStack) =>
      nested.node
        .findAll()
        .filter((c) => CfnResource.isCfnResource(c) && ['AWS::ApiGateway::Resource', 'AWS::ApiGateway::Method'].includes(c.cfnResourceType))
        .length;
    for (const chain of familyChains([...scopes].map(([root, nested]) => ({ root, nested, apiObjects: apiObjects(nested) }))))
      for (const [i, family] of chain.entries()) if (i > 0) family.nested.node.addDependency(chain[i - 1].nested);
    // On the dashboard in table order, whatever their stack.
    for (const route of routes)
      this.watched.push({ name: `${settings.prefix}-${route.operation}`, kind: 'route', route, group: routeGroupOf(route) });
    this.watched.push({ name: `${settings.prefix}-fallback`, kind: 'fallback', group: 'Fallback' });

    if (pipeline && fanoutEntry) {
      const fanout = fn(this, 'Fanout', 'webhook-fanout', fanoutEntry, 'Stream → one delivery message per enabled endpoint', {
        sealedRole: false,
        timeout: Duration.seconds(60),
      });
      pipeline.attachFanout(fanout, data.table);
      this.watched.push({ name: `${settings.prefix}-webhook-fanout`, kind: 'pipeline', group: 'Webhooks' });
    }
    if (pipeline && backstopEntry) {
      const backstop = fn(
        this,
        'SequencerBackstop',
        'event-sequencer-backstop',
        backstopEntry,
        'Stream → pending events that outlived their writer are sequenced',
        {
          sealedRole: false,
          timeout: BACKSTOP_TIMEOUT,
        },
      );
      pipeline.attachSequencerBackstop(backstop, data.table);
      this.watched.push({ name: `${settings.prefix}-event-sequencer-backstop`, kind: 'pipeline', group: 'Webhooks' });
    }
    if (mailQueue && mailerEntry) {
      // Sign-in codes leave off the answer's path (lib/dashboard/queued-mail.ts): the mail queue hands each message to this sender.
      const mailer = fn(this, 'Mailer', 'mail-sender', mailerEntry, 'Mail queue → sent through SES', {
        sealedRole: false,
        timeout: MAIL_SENDER_TIMEOUT,
      });
      mailQueue.attachSender(mailer);
      this.watched.push({ name: `${settings.prefix}-mail-sender`, kind: 'pipeline', group: 'Webhooks' });
    }
    if (pipeline && signerEntry) {
      const signer = fn(this, 'Signer', 'webhook-signer', signerEntry, 'Signs and POSTs webhook deliveries, one lane per endpoint', {
        sealedRole: false,
        timeout: SIGNER_TIMEOUT,
      });
      pipeline.attachSigner(signer, settings.signerConcurrency);
      this.watched.push({ name: `${settings.prefix}-webhook-signer`, kind: 'pipeline', group: 'Webhooks' });
    }

    if (clockSteps && advanceStepEntry) {
      const worker = fn(
        this,
        'SandboxClockStep',
        'sandbox-clock-step',
        advanceStepEntry,
        'One step of a sandbox clock advance, continuing itself',
        {
          sealedRole: false,
          timeout: ADVANCE_STEP_TIMEOUT,
        },
      );
      clockSteps.attachWorker(worker);
      this.watched.push({ name: `${settings.prefix}-sandbox-clock-step`, kind: 'pipeline', group: 'Sandbox' });
    }

    if (jobEntries.length) {
      const scheduleGroup = new ScheduleGroup(this, 'Jobs', {
        scheduleGroupName: `${settings.prefix}-jobs`,
        removalPolicy: settings.removalPolicy,
      });
      // Scheduler invokes a job asynchronously: Lambda retries a failing run (twice, within the hour), then
      // hands the event and its error to this queue (docs/runbooks/job-failed.md).
      const jobFailures = new Queue(this, 'JobFailures', {
        queueName: `${settings.prefix}-job-failures`,
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy: settings.removalPolicy,
      });
      Validations.of(jobFailures).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the on-failure destination of the jobs (a DLQ of a DLQ would only move the problem).',
      });
      this.jobFailuresQueueName = `${settings.prefix}-job-failures`;
      for (const entry of jobEntries) {
        const job = scheduleOf(entry);
        const name = `job-${job.name}`;
        const f = fn(this, `Job-${job.name}`, name, entry, job.description, {
          timeout: Duration.seconds(job.timeoutSeconds),
          // The destination grants the function its SendMessage on the failures queue.
          sealedRole: false,
        });
        f.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(jobFailures) });
        // The scheduler's own role may invoke this one function (its unqualified ARN), nothing else.
        const invoker = new Role(this, `Schedule-${job.name}-Role`, {
          assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
            conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
          }),
          inlinePolicies: {
            invoke: new PolicyDocument({
              statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [f.fn.functionArn] })],
            }),
          },
        });
        new CfnSchedule(this, `Schedule-${job.name}`, {
          name: `${settings.prefix}-${job.name}`,
          groupName: scheduleGroup.scheduleGroupName,
          description: job.description,
          scheduleExpression: job.expression,
          scheduleExpressionTimezone: 'UTC',
          flexibleTimeWindow: { mode: 'OFF' },
          target: {
            arn: f.fn.functionArn,
            roleArn: invoker.roleArn,
            retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
          },
        });
        this.watched.push({ name: `${settings.prefix}-${name}`, kind: 'job', group: 'Jobs', job: job.name });
      }
    }

    // The operator's audit: a function behind an IAM-authenticated URL, whose log group keeps each act
    // with the caller's ARN as AWS verified it. The operator role may call the URL and read the group,
    // never write, change or delete it (test/infra/operator.test.ts).
    const auditLogGroup = `/aws/lambda/${settings.prefix}-operator-audit`;
    const audit = fn(
      this,
      'OperatorAudit',
      'operator-audit',
      OPERATOR_AUDIT_ENTRY,
      'Records each operator act with the caller AWS verified',
      {
        logRetention: settings.production ? RetentionDays.TEN_YEARS : settings.logRetention,
      },
    );
    const auditUrl = audit.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    this.watched.push({ name: `${settings.prefix}-operator-audit`, kind: 'pipeline', group: 'Operator' });

    // Dashboard, alarms and their topic in a nested stack of their own: they name everything by its
    // literal name (no cross-stack references), and the dashboard grows with the routes, not the parent.
    const onCall = new NestedStack(this, 'OnCallStack', { description: `${settings.prefix}: on-call dashboard and alarms` });
    new OnCall(onCall, 'OnCall', {
      settings,
      apiName: settings.prefix,
      functions: this.watched,
      tableName: data.tableName,
      pipeline: pipeline && {
        lanes: pipeline.lanes.map((l) => ({ queueName: l.queueName, dlqName: l.dlqName })),
        fanoutDlqName: pipeline.fanoutDlqName,
        fanoutName: fanoutEntry ? `${settings.prefix}-webhook-fanout` : undefined,
        signerName: signerEntry ? `${settings.prefix}-webhook-signer` : undefined,
        backstopName: backstopEntry ? `${settings.prefix}-event-sequencer-backstop` : undefined,
      },
      mail: mailQueue && {
        queueName: mailQueue.queueName,
        dlqName: mailQueue.dlqName,
        senderName: mailerEntry ? `${settings.prefix}-mail-sender` : undefined,
      },
      jobScheduleGroup: jobEntries.length ? `${settings.prefix}-jobs` : undefined,
      jobFailuresQueueName: this.jobFailuresQueueName,
      indexNames: GLOBAL_INDEXES.map((i) => i.indexName),
      canaryName: jobEntries.some((e) => e.endsWith('/canary.ts')) ? `${settings.prefix}-job-canary` : undefined,
      sandboxClock: clockSteps && { dlqName: clockSteps.dlqName },
    });

    // The operator role (`npm run ops -- … --stage <stage>` assumes it): exactly what the CLI's code
    // calls, on this stage's resources, read from the code as every function's rights are.
    const operatorResources: AccessResources = {
      ...resources,
      queueArns: pipeline ? [...pipeline.queueArns, ...pipeline.lanes.map((l) => l.dlq.queueArn)] : [],
      stackArn: `arn:${Aws.PARTITION}:cloudformation:${Aws.REGION}:${Aws.ACCOUNT_ID}:stack/${this.stackName}/*`,
      auditLogGroupArn: `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:${auditLogGroup}:*`,
    };
    // A stage without a webhook pipeline has no queue for the CLI's endpoint and DLQ actions to reach.
    const operatorUses = (analyseCode([OPERATOR_CLI_ENTRY]).get(OPERATOR_CLI_ENTRY) ?? []).filter((u) => pipeline || u.service !== 'sqs');
    const operatorStatements = statementsFor(OPERATOR_CLI_ENTRY, operatorUses, operatorResources);
    const operator = new Role(this, 'OperatorRole', {
      roleName: `${settings.prefix}-operator`,
      assumedBy: new AccountRootPrincipal(),
      description: `${settings.prefix}: npm run ops (only what its code calls; audited through ${settings.prefix}-operator-audit)`,
      maxSessionDuration: Duration.hours(1),
      inlinePolicies: {
        operate: new PolicyDocument({
          statements: [
            ...operatorStatements,
            new PolicyStatement({
              actions: ['lambda:InvokeFunctionUrl'],
              resources: [audit.fn.functionArn],
              conditions: { StringEquals: { 'lambda:FunctionUrlAuthType': 'AWS_IAM' } },
            }),
          ],
        }),
      },
    });
    for (const id of acknowledgedWildcards(operatorStatements, operatorResources))
      Validations.of(operator).acknowledge({
        id,
        reason: 'Object-level rights on the files bucket name its objects as bucket/* (publish-file).',
      });
    Validations.of(operator).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cloudformation:<AWS::Region>:<AWS::AccountId>:stack/${this.stackName}/*]`,
      reason: "The stack's ARN ends in its id, unknown before it exists: DescribeStacks on this one stack's name.",
    });
    Validations.of(operator).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:${auditLogGroup}:*]`,
      reason: "Reading the audit log group's events names the group's streams as group:*; only FilterLogEvents, never a write.",
    });

    new CfnOutput(this, 'BaseUrl', { value: `${rest.publicUrl}/v1`, description: 'Partner API base URL' });
    new CfnOutput(this, 'OperatorRoleArn', {
      value: operator.roleArn,
      description: 'Assume it to run npm run ops -- … --stage ' + settings.name,
    });
    // What the operator CLI reads of this stage (lib/operator/stage-outputs.ts): the functions' own settings, and the audit.
    const outputValues: Partial<Record<StageOutputKey, string>> = { OperatorAuditUrl: auditUrl.url, OperatorAuditLogGroup: auditLogGroup };
    for (const [key, variable] of Object.entries(STAGE_OUTPUTS) as [StageOutputKey, string][])
      outputValues[key] ??= environment[variable] ?? (variable === 'WEBHOOK_QUEUE_URLS' ? 'none' : undefined);
    for (const [key, value] of Object.entries(outputValues)) if (value !== undefined) new CfnOutput(this, key, { value });
    for (const [i, record] of (data.emailIdentity?.dkimRecords ?? []).entries()) {
      new CfnOutput(this, `DkimRecord${i + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
        description: 'Publish in DNS so SES can send as the e-mail domain',
      });
    }
    new CfnOutput(this, 'DnsTarget', { value: rest.dnsTarget, description: 'Point the custom domain (CNAME) here' });
  }
}
