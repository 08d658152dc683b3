import { Aws, CfnOutput, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression, ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { FALLBACK_HANDLER, ROUTES, type Route } from '../../lib/routes';
import { analyseCode, type UsedAction } from './access/analyse-code';
import { statementsFor, type AccessResources } from './access/grants';
import { Data } from './constructs/data';
import { OnCall, type WatchedFunction } from './constructs/on-call';
import { PartnerRestApi } from './constructs/rest-api';
import { ServiceFunction } from './constructs/service-function';
import { SIGNER_TIMEOUT, WebhookPipeline } from './constructs/webhook-pipeline';
import { scheduleOf } from './job-schedules';
import type { StageOptions, StageSettings } from './stages';
import { entriesIn, whenPresent } from './when-present';

export const FANOUT_ENTRY = 'functions/webhooks/fanout.ts';
export const SIGNER_ENTRY = 'functions/webhooks/deliver.ts';
export const JOBS_FOLDER = 'functions/jobs';

export interface PartnerApiStackProps extends StackProps {
  settings: StageSettings;
  options: StageOptions;
}

/**
 * Route functions live in nested stacks by area: a stack holds at most 500 resources, and every
 * function brings four (function, role, log group, permission). Areas keep a route in the same
 * nested stack as the table grows, which named functions need (a function cannot move between
 * stacks under the same name in one deploy).
 */
export function routeGroupOf(route: Route): string {
  if (route.path.startsWith('/v1/sandbox/')) return 'Sandbox';
  return { partner: 'Partner', dashboard: 'Dashboard', public: 'Public' }[route.audience];
}

/** One stage of the system: every resource of DESIGN.md. */
export class PartnerApiStack extends Stack {
  readonly watched: WatchedFunction[] = [];

  constructor(scope: Construct, id: string, props: PartnerApiStackProps) {
    super(scope, id, props);
    const { settings, options } = props;
    const data = new Data(this, 'Data', { settings, options });

    const fanoutEntry = whenPresent(FANOUT_ENTRY, (e) => e);
    const signerEntry = whenPresent(SIGNER_ENTRY, (e) => e);
    const jobEntries = entriesIn(JOBS_FOLDER);
    const pipeline = fanoutEntry || signerEntry ? new WebhookPipeline(this, 'Webhooks', { settings }) : undefined;

    const rest = new PartnerRestApi(this, 'Api', { settings, options, removalPolicy: settings.removalPolicy });
    const docsUrl = options.docsUrl ?? `${rest.publicUrl}/docs`;
    rest.addGatewayResponses(docsUrl);

    const resources: AccessResources = {
      tableArn: data.table.tableArn,
      keyArn: data.key.keyArn,
      filesBucketArn: data.files.bucketArn,
      queueArns: pipeline ? [pipeline.queue.queueArn] : [],
      emailIdentityArn: `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${options.emailDomain}`,
    };
    const environment: Record<string, string> = {
      STAGE: settings.name,
      TABLE_NAME: data.table.tableName,
      PUBLIC_URL: rest.publicUrl,
      DOCS_URL: docsUrl,
      CURSOR_SIGNING_KEY: data.cursorSigningKey(),
      KMS_KEY_ID: data.key.keyArn,
      FILES_BUCKET: data.files.bucketName,
      MAIL_FROM: options.mailFrom,
      ...(pipeline ? { WEBHOOK_QUEUE_URL: pipeline.queue.queueUrl } : {}),
    };

    // What each function's code calls in AWS, read from the code (access/analyse-code.ts).
    const entries = [...new Set([...ROUTES.map((r) => r.handler), FALLBACK_HANDLER, fanoutEntry, signerEntry, ...jobEntries].filter((e): e is string => Boolean(e)))];
    const used = analyseCode(entries);
    const fn = (where: Construct, id: string, name: string, entry: string, description: string, extra: Partial<ConstructorParameters<typeof ServiceFunction>[2]> = {}) =>
      new ServiceFunction(where, id, {
        functionName: `${settings.prefix}-${name}`,
        entry,
        description,
        environment,
        statements: statementsFor(entry, used.get(entry) ?? ([] as UsedAction[]), resources),
        logRetention: settings.logRetention,
        removalPolicy: settings.removalPolicy,
        timeout: settings.apiTimeout,
        ...extra,
      });

    // One function per row of the route table, in nested stacks by area.
    const groups = new Map<string, NestedStack>();
    const arnOf = (name: string) => `arn:${Aws.PARTITION}:lambda:${Aws.REGION}:${Aws.ACCOUNT_ID}:function:${settings.prefix}-${name}`;
    for (const route of ROUTES) {
      const group = routeGroupOf(route);
      let nested = groups.get(group);
      if (!nested) {
        nested = new NestedStack(this, `${group}Routes`, { description: `${settings.prefix}: ${group.toLowerCase()} route functions` });
        groups.set(group, nested);
      }
      const f = fn(nested, route.operation, route.operation, route.handler, `${route.method} ${route.path}`);
      f.fn.addPermission('ApiInvoke', { principal: new ServicePrincipal('apigateway.amazonaws.com'), sourceArn: rest.methodArn(route), action: 'lambda:InvokeFunction' });
      this.watched.push({ name: `${settings.prefix}-${route.operation}`, kind: 'route', route, group });
    }
    const fallback = fn(this, 'Fallback', 'fallback', FALLBACK_HANDLER, 'Unknown paths (404) and methods (405)');
    fallback.fn.addPermission('ApiInvoke', { principal: new ServicePrincipal('apigateway.amazonaws.com'), sourceArn: rest.anyArn(), action: 'lambda:InvokeFunction' });
    this.watched.push({ name: `${settings.prefix}-fallback`, kind: 'fallback', group: 'Fallback' });
    rest.addRoutes(ROUTES, (route) => arnOf(route.operation), fallback.fn.functionArn);
    // The stage goes live only once every function it calls exists.
    for (const nested of groups.values()) rest.api.latestDeployment?.node.addDependency(nested);

    if (pipeline && fanoutEntry) {
      const fanout = fn(this, 'Fanout', 'webhook-fanout', fanoutEntry, 'Stream → one delivery message per enabled endpoint', { sealedRole: false, timeout: Duration.seconds(60) });
      pipeline.attachFanout(fanout, data.table);
      this.watched.push({ name: `${settings.prefix}-webhook-fanout`, kind: 'pipeline', group: 'Webhooks' });
    }
    if (pipeline && signerEntry) {
      const signer = fn(this, 'Signer', 'webhook-signer', signerEntry, 'Signs and POSTs webhook deliveries, one lane per endpoint', { sealedRole: false, timeout: SIGNER_TIMEOUT });
      pipeline.attachSigner(signer, settings.signerConcurrency);
      this.watched.push({ name: `${settings.prefix}-webhook-signer`, kind: 'pipeline', group: 'Webhooks' });
    }

    if (jobEntries.length) {
      const scheduleGroup = new ScheduleGroup(this, 'Jobs', { scheduleGroupName: `${settings.prefix}-jobs`, removalPolicy: settings.removalPolicy });
      for (const entry of jobEntries) {
        const job = scheduleOf(entry);
        const f = fn(this, `Job-${job.name}`, `job-${job.name}`, entry, job.description, { timeout: Duration.seconds(job.timeoutSeconds), sealedRole: false });
        new Schedule(this, `Schedule-${job.name}`, {
          scheduleName: `${settings.prefix}-${job.name}`,
          schedule: ScheduleExpression.expression(job.expression),
          scheduleGroup,
          description: job.description,
          target: new LambdaInvoke(f.fn, { retryAttempts: 2, maxEventAge: Duration.hours(1) }),
        });
        this.watched.push({ name: `${settings.prefix}-job-${job.name}`, kind: 'job', group: 'Jobs', job: job.name });
      }
    }

    new OnCall(this, 'OnCall', {
      settings,
      options,
      apiName: settings.prefix,
      functions: this.watched,
      tableName: data.table.tableName,
      pipeline: pipeline && {
        queueName: pipeline.queue.queueName,
        dlqName: pipeline.dlq.queueName,
        fanoutDlqName: pipeline.fanoutDlq.queueName,
        fanoutName: fanoutEntry ? `${settings.prefix}-webhook-fanout` : undefined,
        signerName: signerEntry ? `${settings.prefix}-webhook-signer` : undefined,
      },
      jobScheduleGroup: jobEntries.length ? `${settings.prefix}-jobs` : undefined,
    });

    new CfnOutput(this, 'BaseUrl', { value: `${rest.publicUrl}/v1`, description: 'Partner API base URL' });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'ExecuteApiTarget', { value: `${rest.api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, description: 'The custom domain CNAME target when none is configured' });
  }
}
