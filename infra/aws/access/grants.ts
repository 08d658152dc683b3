import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { UsedAction } from './analyse-code';
import { type Narrowing, narrowingApplies } from './narrowed-modules';
import type { Service } from './sdk-actions';

/** The resources a function's code may reach, per service: the only ones this stage has. */
export interface AccessResources {
  /** A literal ARN (from the table's fixed name), so each index can be named: no `index/*`. */
  tableArn: string;
  indexNames: string[];
  keyArn: string;
  filesBucketArn: string;
  /** The bucket ARN as cdk-nag prints it (`arn:<AWS::Partition>:s3:::…`), to acknowledge `bucket/*` by name. */
  filesBucketArnForNag?: string;
  /** Queues functions may send to or change (the webhook delivery queue, once the pipeline exists). */
  queueArns: string[];
  /** The sandbox clock's steps queue, which only lib/sandbox-clock/step-queue.ts sends to. */
  clockQueueArns?: string[];
  /** The mail queue, which only lib/email/mail-queue.ts sends to. */
  mailQueueArns?: string[];
  emailIdentityArn: string;
  /** The identity's default configuration set (infra/aws/constructs/mail-events.ts): SES authorises a send on it too. */
  emailConfigurationSetArn?: string;
  /** The signing secrets (lib/signing-keys/), each granted only to the functions whose code reads it. */
  secretArns?: { cursor: string; hostedLink: string; oneTimeCode: string; canary: string };
  /** The operator role's: this stage's stack (its outputs) and the audit log group (read only). */
  stackArn?: string;
  auditLogGroupArn?: string;
}

/** Findings cdk-nag raises on statementsFor's output that are by design: object-level S3 rights. */
export function acknowledgedWildcards(statements: PolicyStatement[], res: AccessResources): string[] {
  const objects = statements.some((s) => s.resources.includes(`${res.filesBucketArn}/*`));
  return objects && res.filesBucketArnForNag ? [`AwsSolutions-IAM5[Resource::${res.filesBucketArnForNag}/*]`] : [];
}

/**
 * Statements for what `used` (from analyseCode) says the function calls: named actions only, each
 * on this stage's resource of that service. Query and Scan also reach the table's indexes, each by name. Actions
 * only narrowed modules call get their module's condition (the rate-limit counter's `RATE#*` items),
 * or are left out where the narrowing does not apply (`method`: the route's, if the function serves one).
 */
export function statementsFor(who: string, used: UsedAction[], res: AccessResources, method?: string): PolicyStatement[] {
  const groups = new Map<string, UsedAction[]>();
  for (const u of used) {
    if (u.narrowing && !narrowingApplies(u.narrowing, method)) continue;
    const key = `${u.service}|${u.narrowing?.name ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), u]);
  }
  const statements: PolicyStatement[] = [];
  for (const group of groups.values()) {
    const { service, narrowing } = group[0];
    const actions = [...new Set(group.map((u) => u.action))].sort();
    for (const { resources, acts } of resourcesOf(who, service, actions, res, narrowing)) {
      statements.push(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: acts.map((a) => `${service}:${a}`),
          resources,
          conditions: narrowing?.leadingKeys ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': narrowing.leadingKeys } } : undefined,
        }),
      );
    }
  }
  return statements;
}

function resourcesOf(
  who: string,
  service: Service,
  actions: string[],
  res: AccessResources,
  narrowing?: Narrowing,
): { resources: string[]; acts: string[] }[] {
  switch (service) {
    case 'secretsmanager': {
      const arns = res.secretArns;
      const secrets =
        !arns || !narrowing?.secret
          ? []
          : narrowing.secret === 'operator'
            ? [arns.cursor, arns.hostedLink, arns.oneTimeCode, arns.canary]
            : [arns[narrowing.secret]];
      if (!secrets.length)
        throw new Error(`${who} reads a secret outside lib/signing-keys/ (${actions.join(', ')}): name it in narrowed-modules.ts.`);
      return [{ acts: actions, resources: secrets }];
    }
    case 'cloudformation':
      if (!res.stackArn) throw new Error(`${who} calls CloudFormation (${actions.join(', ')}): only the operator role may.`);
      return [{ acts: actions, resources: [res.stackArn] }];
    case 'logs':
      if (!res.auditLogGroupArn)
        throw new Error(`${who} calls CloudWatch Logs (${actions.join(', ')}): only the operator role may, on the audit.`);
      return [{ acts: actions, resources: [res.auditLogGroupArn] }];
    case 'dynamodb': {
      const indexed = actions.some((a) => a === 'Query' || a === 'Scan');
      return [
        { acts: actions, resources: indexed ? [res.tableArn, ...res.indexNames.map((i) => `${res.tableArn}/index/${i}`)] : [res.tableArn] },
      ];
    }
    case 'kms':
      return [{ acts: actions, resources: [res.keyArn] }];
    case 's3': {
      const bucketLevel = actions.filter((a) => a === 'ListBucket');
      const objectLevel = actions.filter((a) => a !== 'ListBucket');
      return [
        ...(bucketLevel.length ? [{ acts: bucketLevel, resources: [res.filesBucketArn] }] : []),
        ...(objectLevel.length ? [{ acts: objectLevel, resources: [`${res.filesBucketArn}/*`] }] : []),
      ];
    }
    case 'sqs':
      if (narrowing?.queue) {
        const arns = narrowing.queue === 'mail' ? res.mailQueueArns : res.clockQueueArns;
        if (!arns?.length) throw new Error(`${who} sends to the ${narrowing.queue} queue, which this stage does not have.`);
        return [{ acts: actions, resources: arns }];
      }
      if (!res.queueArns.length) throw new Error(`${who} calls SQS (${actions.join(', ')}) but this stage has no queue yet.`);
      return [{ acts: actions, resources: res.queueArns }];
    case 'ses':
      return [
        { acts: actions, resources: [res.emailIdentityArn, ...(res.emailConfigurationSetArn ? [res.emailConfigurationSetArn] : [])] },
      ];
    default:
      throw new Error(
        `${who} calls ${service}:${actions.join(', ')}, for which the stack grants no resource yet (infra/aws/access/grants.ts).`,
      );
  }
}
