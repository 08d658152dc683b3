import { Aws, CfnOutput, CfnResource, Duration, NestedStack, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type FunctionUrl, FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
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
import { addOnCallRole } from './access/on-call-role';
import { Data } from './constructs/data';
import { OnCall, type WatchedFunction } from './constructs/on-call';
import { PartnerRestApi, type MethodTarget } from './constructs/rest-api';
import { GradualDeploys } from './constructs/deployment';
import { Edge } from './constructs/edge';
import { ServiceFunction, type ServiceFunctionProps } from './constructs/service-function';
import { BACKSTOP_TIMEOUT, SIGNER_TIMEOUT, WebhookPipeline } from './constructs/webhook-pipeline';
import { ADVANCE_STEP_TIMEOUT, SandboxClockSteps } from './constructs/sandbox-clock-steps';
import { MAIL_SENDER_TIMEOUT, MailQueue } from './constructs/mail-queue';
import { mailConfigurationSetName } from './constructs/mail-events';
import { jobFiles, scheduleOf } from './job-schedules';
import { familiesOf, familyStackId, familyWaves } from './route-families';
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

/** The functions' entries a stage is built from (PartnerApiStackProps.entries, resolved). */
interface Entries {
  fanout?: string;
  signer?: string;
  backstop?: string;
  mailer?: string;
  jobs: string[];
  advanceStep?: string;
}

/** What makes one more function of the stage: where, its construct id and name, its entry, what it does. */
type Extra = Partial<ServiceFunctionProps> & { method?: string };

/** One stage of the system: the API and its functions, the table, the webhook pipeline, the jobs, on-call. */
export class PartnerApiStack extends Stack {
  readonly watched: WatchedFunction[] = [];
  /** Where a job's run goes when Lambda's retries are spent (its on-failure destination). */
  jobFailuresQueueName?: string;
  private readonly settings: StageSettings;
  private readonly data: Data;
  private readonly rest: PartnerRestApi;
  private readonly deploys: GradualDeploys;
  private readonly resources: AccessResources;
  private readonly functionEnvironment: Record<string, string>;
  private readonly used: Map<string, UsedAction[]>;
  private readonly bundles: FunctionBundles;

  constructor(scope: Construct, id: string, props: PartnerApiStackProps) {
    // Production cannot be deleted by a stray `cdk destroy` or console click: protection must be turned off first.
    super(scope, id, { ...props, terminationProtection: props.terminationProtection ?? props.settings.production });
    const { settings } = props;
    this.settings = settings;
    const routes = props.routes ?? ROUTES;
    this.data = new Data(this, 'Data', { settings });
    const entries = entriesOf(props);

    // What each function's code calls in AWS, read from the code (access/analyse-code.ts).
    const all = [
      ...new Set(
        [
          ...routes.map((r) => r.handler),
          FALLBACK_HANDLER,
          entries.fanout,
          entries.signer,
          entries.backstop,
          entries.advanceStep,
          entries.mailer,
          ...entries.jobs,
          OPERATOR_AUDIT_ENTRY,
        ].filter((e): e is string => Boolean(e)),
      ),
    ];
    this.used = analyseCode(all);
    // Every function's bundle in one esbuild build, made when the CDK first bundles one (bundling.ts).
    this.bundles = new FunctionBundles(all);
    // The delivery queue exists once anything uses it: the pipeline's functions, or a route that enqueues (resend).
    const callsSqs = [...this.used.values()].some((actions) => actions.some((u) => u.service === 'sqs' && !u.narrowing?.queue));
    // The sandbox clock's steps queue exists once anything sends to it (the advance route, its worker).
    const clockSteps = [...this.used.values()].some((actions) => actions.some((u) => u.narrowing?.queue === 'sandbox-clock-steps'))
      ? new SandboxClockSteps(this, 'SandboxClock', { settings })
      : undefined;
    // The mail queue exists once anything sends mail (the sign-in routes) or reads it (the mail sender).
    const mailQueue =
      entries.mailer || [...this.used.values()].some((actions) => actions.some((u) => u.narrowing?.queue === 'mail'))
        ? new MailQueue(this, 'MailQueue', { settings })
        : undefined;
    const pipeline =
      entries.fanout || entries.signer || entries.backstop || callsSqs ? new WebhookPipeline(this, 'Webhooks', { settings }) : undefined;

    this.rest = new PartnerRestApi(this, 'Api', { settings, removalPolicy: settings.removalPolicy });
    const docsUrl = settings.docsUrl ?? `${this.rest.publicUrl}/docs`;
    this.rest.addGatewayResponses(docsUrl);
    const edge = new Edge(this, 'Edge', { settings, stageArn: this.rest.api.deploymentStage.stageArn, docsUrl });
    this.deploys = new GradualDeploys(this, 'Deploys', { settings, apiName: settings.prefix });

    this.resources = {
      tableArn: this.data.tableArn,
      indexNames: GLOBAL_INDEXES.map((i) => i.indexName),
      keyArn: this.data.key.keyArn,
      filesBucketArn: this.data.filesBucketArn,
      filesBucketArnForNag: this.data.filesBucketArnForNag,
      queueArns: pipeline ? pipeline.queueArns : [],
      clockQueueArns: clockSteps ? [clockSteps.queueArn] : [],
      mailQueueArns: mailQueue ? [mailQueue.queueArn] : [],
      emailIdentityArn: `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${settings.email.domain}`,
      emailConfigurationSetArn: `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${mailConfigurationSetName(settings.email.domain)}`,
      secretArns: {
        cursor: this.data.cursorSecret.secretArn,
        hostedLink: this.data.hostedLinkSecret.secretArn,
        oneTimeCode: this.data.oneTimeCodeSecret.secretArn,
        canary: this.data.canarySecret.secretArn,
      },
    };
    // Names and addresses only: no secret is ever in a function's environment (the signing keys are
    // read from Secrets Manager at run time, lib/signing-keys/; test/infra proves it).
    this.functionEnvironment = {
      STAGE: settings.name,
      TABLE_NAME: this.data.tableName,
      PUBLIC_URL: this.rest.publicUrl,
      DOCS_URL: docsUrl,
      CURSOR_KEY_SECRET: this.data.cursorSecret.secretArn,
      HOSTED_LINK_KEY_SECRET: this.data.hostedLinkSecret.secretArn,
      ONE_TIME_CODE_KEY_SECRET: this.data.oneTimeCodeSecret.secretArn,
      CANARY_KEY_SECRET: this.data.canarySecret.secretArn,
      KMS_KEY_ID: this.data.key.keyArn,
      FILES_BUCKET: this.data.filesBucketName,
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

    this.addRoutes(routes);
    const backstop = pipeline ? this.addPipeline(pipeline, entries).backstop : undefined;
    if (mailQueue && entries.mailer) this.addMailSender(mailQueue, entries.mailer);
    if (clockSteps && entries.advanceStep) this.addSandboxClock(clockSteps, entries.advanceStep);
    if (entries.jobs.length) this.addJobs(entries.jobs);
    const audit = this.addOperatorAudit();
    // The edge's blocked requests on the on-call dashboard, beside the rest (its alarm pages the same topic).
    this.addOnCall(pipeline, mailQueue, entries, clockSteps).dashboard.addWidgets(edge.widget());
    const operator = this.addOperatorRole(pipeline, audit);
    // The pager's DLQ lives in the on-call nested stack; its name is fixed (constructs/on-call/topic.ts).
    const alarmsDlqArn = `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${settings.prefix}-alarms-dlq`;
    const onCall = addOnCallRole(this, {
      prefix: settings.prefix,
      stackName: this.stackName,
      resources: this.operatorResources(pipeline, audit),
      streamArn: this.data.table.tableStreamArn,
      redrives: [
        ...(pipeline?.lanes ?? []).map((l) => ({ dlqArn: l.dlq.queueArn, sourceArn: l.queueArn })),
        ...(clockSteps ? [{ dlqArn: clockSteps.dlq.queueArn, sourceArn: clockSteps.queueArn }] : []),
      ],
      readAndDeleteArns: [...(pipeline ? [pipeline.fanoutDlq.queueArn] : []), ...(mailQueue ? [mailQueue.dlqArn] : []), alarmsDlqArn],
      purgeArns: [...(mailQueue ? [mailQueue.dlqArn] : []), alarmsDlqArn],
      backstopAliasArn: backstop?.live.functionArn,
      auditAliasArn: audit.fn.live.functionArn,
    });
    this.addOutputs(operator, onCall, audit);
  }

  /** One function of the stage, with the rights its code needs and the stage's environment. */
  private fn(where: Construct, id: string, name: string, entry: string, description: string, { method, ...extra }: Extra = {}) {
    const statements = statementsFor(entry, this.used.get(entry) ?? ([] as UsedAction[]), this.resources, method);
    return new ServiceFunction(where, id, {
      functionName: `${this.settings.prefix}-${name}`,
      entry,
      bundles: this.bundles,
      description,
      environment: this.functionEnvironment,
      statements,
      acknowledgedFindings: acknowledgedWildcards(statements, this.resources),
      logRetention: this.settings.logRetention,
      removalPolicy: this.settings.removalPolicy,
      timeout: this.settings.apiTimeout,
      ...extra,
    });
  }

  /**
   * The fallback in the parent, and one nested stack per route family (route-families.ts) with its
   * functions and its part of the API. Each method invokes its function's `live` alias; a write route's
   * alias moves gradually (constructs/deployment.ts).
   */
  private addRoutes(routes: Route[]): void {
    const { settings, rest } = this;
    // The fallback first: every family's `ANY` methods name it.
    const fallback = this.fn(this, 'Fallback', 'fallback', FALLBACK_HANDLER, 'Unknown paths (404) and methods (405)');
    fallback.live.addPermission('ApiInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: rest.anyArn(),
      action: 'lambda:InvokeFunction',
    });
    const fallbackTarget = { name: fallback.functionName, arn: fallback.live.functionArn };

    const scopes = new Map<string, NestedStack>();
    const targets = new Map<Route, MethodTarget>();
    for (const [root, members] of familiesOf(routes)) {
      const nested = new NestedStack(this, familyStackId(root), { description: `${settings.prefix}: routes under ${root}` });
      scopes.set(root, nested);
      for (const route of members) {
        const f = this.fn(nested, route.operation, route.operation, route.handler, `${route.method} ${route.path}`, {
          method: route.method,
        });
        f.live.addPermission('ApiInvoke', {
          principal: new ServicePrincipal('apigateway.amazonaws.com'),
          sourceArn: rest.methodArn(route),
          action: 'lambda:InvokeFunction',
        });
        if (WRITE_METHODS.has(route.method)) this.deploys.shift(f);
        targets.set(route, { name: f.functionName, arn: f.live.functionArn });
      }
    }
    rest.addRoutes(routes, { scopeOf: (root) => scopes.get(root)!, targetOf: (route) => targets.get(route)! }, fallbackTarget);
    // Families are created a wave at a time (route-families.ts, FAMILY_WAVES): each waits for the whole wave before it.
    const apiObjects = (nested: NestedStack) =>
      nested.node
        .findAll()
        .filter((c) => CfnResource.isCfnResource(c) && ['AWS::ApiGateway::Resource', 'AWS::ApiGateway::Method'].includes(c.cfnResourceType))
        .length;
    const waves = familyWaves([...scopes].map(([root, nested]) => ({ root, nested, apiObjects: apiObjects(nested) })));
    for (const [i, wave] of waves.entries())
      if (i > 0) for (const family of wave) for (const before of waves[i - 1]) family.nested.node.addDependency(before.nested);
    // On the dashboard in table order, whatever their stack.
    for (const route of routes)
      this.watched.push({ name: `${settings.prefix}-${route.operation}`, kind: 'route', route, group: routeGroupOf(route) });
    this.watched.push({ name: fallback.functionName, kind: 'fallback', group: 'Fallback' });
  }

  /** The webhook pipeline's functions: the fan-out, the sequencer's backstop, the signer, each with the concurrency the stage reserves for it. */
  private addPipeline(pipeline: WebhookPipeline, entries: Entries): { backstop?: ServiceFunction } {
    const { settings } = this;
    const watch = (f: ServiceFunction) => this.watched.push({ name: f.functionName, kind: 'pipeline', group: 'Webhooks' });
    if (entries.fanout) {
      const fanout = this.fn(this, 'Fanout', 'webhook-fanout', entries.fanout, 'Stream → one delivery message per enabled endpoint', {
        sealedRole: false,
        timeout: Duration.seconds(60),
        reservedConcurrentExecutions: settings.reservedConcurrency?.fanout,
      });
      pipeline.attachFanout(fanout, this.data.table);
      this.deploys.shift(fanout);
      watch(fanout);
    }
    let backstop: ServiceFunction | undefined;
    if (entries.backstop) {
      backstop = this.fn(
        this,
        'SequencerBackstop',
        'event-sequencer-backstop',
        entries.backstop,
        'Stream → pending events that outlived their writer are sequenced',
        { sealedRole: false, timeout: BACKSTOP_TIMEOUT, reservedConcurrentExecutions: settings.reservedConcurrency?.sequencer },
      );
      pipeline.attachSequencerBackstop(backstop, this.data.table);
      this.deploys.shift(backstop);
      watch(backstop);
    }
    if (entries.signer) {
      const signer = this.fn(
        this,
        'Signer',
        'webhook-signer',
        entries.signer,
        'Signs and POSTs webhook deliveries, one lane per endpoint',
        {
          sealedRole: false,
          timeout: SIGNER_TIMEOUT,
          reservedConcurrentExecutions: settings.reservedConcurrency?.signer,
        },
      );
      pipeline.attachSigner(signer, settings.signerConcurrency);
      this.deploys.shift(signer);
      watch(signer);
    }
    return { backstop };
  }

  /** Sign-in codes leave off the answer's path (lib/dashboard/queued-mail.ts): the mail queue hands each message to this sender. */
  private addMailSender(mailQueue: MailQueue, entry: string): void {
    const mailer = this.fn(this, 'Mailer', 'mail-sender', entry, 'Mail queue → sent through SES', {
      sealedRole: false,
      timeout: MAIL_SENDER_TIMEOUT,
    });
    mailQueue.attachSender(mailer);
    this.watched.push({ name: mailer.functionName, kind: 'pipeline', group: 'Webhooks' });
  }

  private addSandboxClock(clockSteps: SandboxClockSteps, entry: string): void {
    const worker = this.fn(
      this,
      'SandboxClockStep',
      'sandbox-clock-step',
      entry,
      'One step of a sandbox clock advance, continuing itself',
      {
        sealedRole: false,
        timeout: ADVANCE_STEP_TIMEOUT,
      },
    );
    clockSteps.attachWorker(worker);
    this.watched.push({ name: worker.functionName, kind: 'pipeline', group: 'Sandbox' });
  }

  /** Each scheduled job: its function, its schedule (invoking the `live` alias) and where a failed run goes. */
  private addJobs(jobEntries: string[]): void {
    const { settings } = this;
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
      const f = this.fn(this, `Job-${job.name}`, name, entry, job.description, {
        timeout: Duration.seconds(job.timeoutSeconds),
        // The destination grants the function its SendMessage on the failures queue.
        sealedRole: false,
      });
      // The schedule invokes the alias, so the alias's own invoke configuration is the one that applies.
      f.live.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(jobFailures) });
      // The scheduler's own role may invoke this one function's `live` alias, nothing else.
      const invoker = new Role(this, `Schedule-${job.name}-Role`, {
        assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
        }),
        inlinePolicies: {
          invoke: new PolicyDocument({
            statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [f.live.functionArn] })],
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
          arn: f.live.functionArn,
          roleArn: invoker.roleArn,
          retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
        },
      });
      this.watched.push({ name: f.functionName, kind: 'job', group: 'Jobs', job: job.name, schedule: job.expression });
    }
  }

  /**
   * The operator's audit: a function behind an IAM-authenticated URL (on its `live` alias), whose log
   * group keeps each act with the caller's ARN as AWS verified it. The operator role may call the URL
   * and read the group, never write, change or delete it (test/infra/operator.test.ts).
   */
  private addOperatorAudit(): { fn: ServiceFunction; url: FunctionUrl; logGroup: string } {
    const { settings } = this;
    const logGroup = `/aws/lambda/${settings.prefix}-operator-audit`;
    const fn = this.fn(
      this,
      'OperatorAudit',
      'operator-audit',
      OPERATOR_AUDIT_ENTRY,
      'Records each operator act with the caller AWS verified',
      {
        logRetention: settings.production ? RetentionDays.TEN_YEARS : settings.logRetention,
      },
    );
    const url = fn.live.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    this.watched.push({ name: fn.functionName, kind: 'pipeline', group: 'Operator' });
    return { fn, url, logGroup };
  }

  /**
   * Dashboard, alarms and their topic in a nested stack of their own: they name everything by its
   * literal name (no cross-stack references), and the dashboard grows with the routes, not the parent.
   */
  private addOnCall(
    pipeline: WebhookPipeline | undefined,
    mailQueue: MailQueue | undefined,
    entries: Entries,
    clockSteps: SandboxClockSteps | undefined,
  ): OnCall {
    const { settings } = this;
    const onCall = new NestedStack(this, 'OnCallStack', { description: `${settings.prefix}: on-call dashboard and alarms` });
    return new OnCall(onCall, 'OnCall', {
      settings,
      apiName: settings.prefix,
      functions: this.watched,
      tableName: this.data.tableName,
      emailConfigurationSetName: mailConfigurationSetName(settings.email.domain),
      pipeline: pipeline && {
        lanes: pipeline.lanes.map((l) => ({ queueName: l.queueName, dlqName: l.dlqName })),
        fanoutDlqName: pipeline.fanoutDlqName,
        fanoutName: entries.fanout ? `${settings.prefix}-webhook-fanout` : undefined,
        signerName: entries.signer ? `${settings.prefix}-webhook-signer` : undefined,
        backstopName: entries.backstop ? `${settings.prefix}-event-sequencer-backstop` : undefined,
      },
      mail: mailQueue && {
        queueName: mailQueue.queueName,
        dlqName: mailQueue.dlqName,
        senderName: entries.mailer ? `${settings.prefix}-mail-sender` : undefined,
      },
      jobScheduleGroup: entries.jobs.length ? `${settings.prefix}-jobs` : undefined,
      jobFailuresQueueName: this.jobFailuresQueueName,
      indexNames: GLOBAL_INDEXES.map((i) => i.indexName),
      canaryName: entries.jobs.some((e) => e.endsWith('/canary.ts')) ? `${settings.prefix}-job-canary` : undefined,
      sandboxClock: clockSteps && {
        queueName: clockSteps.queueName,
        dlqName: clockSteps.dlqName,
        workerName: entries.advanceStep ? `${settings.prefix}-sandbox-clock-step` : undefined,
      },
    });
  }

  /** What the operator CLI reaches: the functions' resources, the lanes and their DLQs, this stack (its outputs), the audit log. */
  private operatorResources(pipeline: WebhookPipeline | undefined, audit: { logGroup: string }): AccessResources {
    return {
      ...this.resources,
      queueArns: pipeline ? [...pipeline.queueArns, ...pipeline.lanes.map((l) => l.dlq.queueArn)] : [],
      stackArn: `arn:${Aws.PARTITION}:cloudformation:${Aws.REGION}:${Aws.ACCOUNT_ID}:stack/${this.stackName}/*`,
      auditLogGroupArn: `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:${audit.logGroup}:*`,
    };
  }

  /**
   * The operator role (`npm run ops -- … --stage <stage>` assumes it): exactly what the CLI's code
   * calls, on this stage's resources, read from the code as every function's rights are.
   */
  private addOperatorRole(pipeline: WebhookPipeline | undefined, audit: { fn: ServiceFunction; logGroup: string }): Role {
    const { settings } = this;
    const operatorResources = this.operatorResources(pipeline, audit);
    // A stage without a webhook pipeline has no queue for the CLI's endpoint and DLQ actions to reach.
    const operatorUses = (analyseCode([OPERATOR_CLI_ENTRY]).get(OPERATOR_CLI_ENTRY) ?? []).filter((u) => pipeline || u.service !== 'sqs');
    const operatorStatements = statementsFor(OPERATOR_CLI_ENTRY, operatorUses, operatorResources);
    const operator = new Role(this, 'OperatorRole', {
      roleName: `${settings.prefix}-operator`,
      // Only a person who signed in with MFA: the role holds table writes, KMS Decrypt of webhook secrets and the signing keys' rotation.
      assumedBy: new AccountRootPrincipal().withConditions({ Bool: { 'aws:MultiFactorAuthPresent': 'true' } }),
      description: `${settings.prefix}: npm run ops (only what its code calls; audited through ${settings.prefix}-operator-audit)`,
      maxSessionDuration: Duration.hours(1),
      inlinePolicies: {
        operate: new PolicyDocument({
          statements: [
            ...operatorStatements,
            new PolicyStatement({
              actions: ['lambda:InvokeFunctionUrl'],
              resources: [audit.fn.live.functionArn],
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
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:<AWS::Region>:<AWS::AccountId>:log-group:${audit.logGroup}:*]`,
      reason: "Reading the audit log group's events names the group's streams as group:*; only FilterLogEvents, never a write.",
    });
    return operator;
  }

  /** The stack's outputs: what the operator CLI reads (lib/operator/stage-outputs.ts), DNS records, the role. */
  private addOutputs(operator: Role, onCall: Role, audit: { url: FunctionUrl; logGroup: string }): void {
    const { settings, rest } = this;
    new CfnOutput(this, 'OnCallRoleArn', {
      value: onCall.roleArn,
      description: 'Assume it (with MFA) to do what the runbooks say: docs/runbooks/README.md',
    });
    new CfnOutput(this, 'BaseUrl', { value: `${rest.publicUrl}/v1`, description: 'Partner API base URL' });
    new CfnOutput(this, 'OperatorRoleArn', {
      value: operator.roleArn,
      description: 'Assume it to run npm run ops -- … --stage ' + settings.name,
    });
    // What the operator CLI reads of this stage (lib/operator/stage-outputs.ts): the functions' own settings, and the audit.
    const outputValues: Partial<Record<StageOutputKey, string>> = {
      OperatorAuditUrl: audit.url.url,
      OperatorAuditLogGroup: audit.logGroup,
    };
    for (const [key, variable] of Object.entries(STAGE_OUTPUTS) as [StageOutputKey, string][])
      outputValues[key] ??= this.functionEnvironment[variable] ?? (variable === 'WEBHOOK_QUEUE_URLS' ? 'none' : undefined);
    for (const [key, value] of Object.entries(outputValues)) if (value !== undefined) new CfnOutput(this, key, { value });
    // What a deploy records for the next synthesis to refuse a shrink by (infra/aws/deployed-shards.ts).
    new CfnOutput(this, 'LaneShards', {
      value: String(settings.shards.lanes),
      description: 'Lane shards deployed (may grow, never shrink)',
    });
    for (const [i, record] of (this.data.emailIdentity?.dkimRecords ?? []).entries()) {
      new CfnOutput(this, `DkimRecord${i + 1}`, {
        value: `${record.name} CNAME ${record.value}`,
        description: 'Publish in DNS so SES can send as the e-mail domain',
      });
    }
    new CfnOutput(this, 'DnsTarget', { value: rest.dnsTarget, description: 'Point the custom domain (CNAME) here' });
  }
}

/** Methods whose functions change state: their new code takes part of the traffic first (constructs/deployment.ts). */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The entries of the pipeline and job functions: the repository's files, or the ones a test gives. */
function entriesOf(props: PartnerApiStackProps): Entries {
  if (props.entries) return { ...props.entries, jobs: props.entries.jobs ?? [] };
  return {
    fanout: FANOUT_ENTRY,
    signer: SIGNER_ENTRY,
    backstop: BACKSTOP_ENTRY,
    mailer: MAILER_ENTRY,
    jobs: jobFiles(JOBS_FOLDER),
    advanceStep: ADVANCE_STEP_ENTRY,
  };
}
