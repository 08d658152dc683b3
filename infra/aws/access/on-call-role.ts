import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { AccountRootPrincipal, PolicyDocument, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { analyseCode } from './analyse-code';
import { type AccessResources, statementsFor } from './grants';

/** The endpoint and DLQ actions of the operator CLI: their code alone decides what on-call may change in the table and the lanes. */
export const ON_CALL_CLI_ENTRIES = ['lib/operator/endpoint-actions.ts', 'lib/audit/record.ts'];

/** Moving a DLQ back to its source queue (SQS's redrive): the rights AWS documents on the DLQ, and a send on the source. */
const REDRIVE_ON_DLQ = [
  'sqs:StartMessageMoveTask',
  'sqs:ListMessageMoveTasks',
  'sqs:CancelMessageMoveTask',
  'sqs:ReceiveMessage',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
];

export interface OnCallRoleProps {
  prefix: string;
  stackName: string;
  /** The table, its indexes, the lanes (for the CLI's own statements): the operator role's resources. */
  resources: AccessResources;
  /** The table's stream (its ARN: the fan-out DLQ's records are read from it). */
  streamArn?: string;
  /** Each DLQ on-call may redrive (`aws sqs start-message-move-task`) with the queue it moves back to. */
  redrives: { dlqArn: string; sourceArn: string }[];
  /** DLQs whose messages are read and deleted, never moved back (the stream readers' descriptions, expired sign-in codes). */
  readAndDeleteArns: string[];
  /** Of those, the ones on-call empties at once (the mail DLQ: every code in it has expired). */
  purgeArns: string[];
  /** The backstop's `live` alias: its hand drain (docs/runbooks/webhook-fanout-dlq.md). */
  backstopAliasArn?: string;
  /** The audit function's `live` alias: every act of the CLI is recorded through its URL. */
  auditAliasArn: string;
}

/**
 * The on-call role: what the runbooks tell on-call to do, and no more. Read-only on the stage's
 * alarms, metrics, logs, traces, functions, schedules, table and queues; DLQ redrive and delete; the
 * backstop's hand drain; and the CLI's endpoint and DLQ actions (read from their code, as the
 * operator role's are: their table writes, the webhook secrets' KMS key, the lanes). Never the
 * signing keys, the canary's key, the files bucket, or a change to the stack. Assumed only with MFA (test/infra/on-call-role.test.ts).
 */
export function addOnCallRole(scope: Construct, props: OnCallRoleProps): Role {
  const { prefix, resources } = props;
  const arn = (service: string, rest: string) => `arn:${Aws.PARTITION}:${service}:${Aws.REGION}:${Aws.ACCOUNT_ID}:${rest}`;
  const cli = statementsFor(
    'the on-call CLI actions',
    // A stage without a webhook pipeline has no lane for the DLQ actions to reach.
    ON_CALL_CLI_ENTRIES.flatMap((entry) => analyseCode(ON_CALL_CLI_ENTRIES).get(entry) ?? []).filter(
      (u) => resources.queueArns.length || u.service !== 'sqs',
    ),
    resources,
  );
  const logGroups = [arn('logs', `log-group:/aws/lambda/${prefix}-*`), arn('logs', `log-group:/aws/apigateway/${prefix}/*`)];
  const statements = [
    ...cli,
    // The CLI reads the stage's outputs, then records each act through the audit's IAM-authenticated URL.
    new PolicyStatement({
      actions: ['cloudformation:DescribeStacks', 'cloudformation:DescribeStackEvents'],
      resources: [resources.stackArn!],
    }),
    new PolicyStatement({
      actions: ['lambda:InvokeFunctionUrl'],
      resources: [props.auditAliasArn],
      conditions: { StringEquals: { 'lambda:FunctionUrlAuthType': 'AWS_IAM' } },
    }),
    // Read-only: the stage's alarms and dashboard, logs, functions, schedules, table and its stream.
    new PolicyStatement({
      actions: ['cloudwatch:DescribeAlarms', 'cloudwatch:DescribeAlarmHistory'],
      resources: [arn('cloudwatch', `alarm:${prefix}-*`)],
    }),
    new PolicyStatement({
      actions: ['cloudwatch:GetDashboard'],
      resources: [`arn:${Aws.PARTITION}:cloudwatch::${Aws.ACCOUNT_ID}:dashboard/${prefix}-*`],
    }),
    new PolicyStatement({
      actions: ['logs:FilterLogEvents', 'logs:GetLogEvents', 'logs:DescribeLogStreams', 'logs:StartQuery'],
      resources: logGroups.flatMap((g) => [g, `${g}:*`]),
    }),
    new PolicyStatement({
      actions: ['lambda:GetFunction', 'lambda:GetFunctionConfiguration', 'lambda:GetAlias', 'lambda:ListVersionsByFunction'],
      resources: [arn('lambda', `function:${prefix}-*`)],
    }),
    new PolicyStatement({ actions: ['scheduler:GetSchedule'], resources: [arn('scheduler', `schedule/${prefix}-jobs/*`)] }),
    new PolicyStatement({
      actions: ['dynamodb:DescribeTable', 'dynamodb:GetItem', 'dynamodb:Query'],
      resources: [resources.tableArn, ...resources.indexNames.map((i) => `${resources.tableArn}/index/${i}`)],
    }),
    // Reads that IAM cannot narrow to a resource (AWS's service authorization reference: no resource type).
    new PolicyStatement({
      actions: [
        'cloudwatch:GetMetricData',
        'cloudwatch:ListMetrics',
        'logs:GetQueryResults',
        'lambda:ListEventSourceMappings',
        'lambda:GetEventSourceMapping',
        'xray:GetTraceSummaries',
        'xray:BatchGetTraces',
      ],
      resources: ['*'],
    }),
  ];
  if (props.streamArn)
    statements.push(
      new PolicyStatement({
        actions: ['dynamodb:DescribeStream', 'dynamodb:GetShardIterator', 'dynamodb:GetRecords'],
        resources: [props.streamArn],
      }),
    );
  const dlqs = props.redrives.map((r) => r.dlqArn);
  if (dlqs.length) {
    statements.push(new PolicyStatement({ actions: REDRIVE_ON_DLQ, resources: dlqs }));
    statements.push(
      new PolicyStatement({
        actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes'],
        resources: [...new Set(props.redrives.map((r) => r.sourceArn))],
      }),
    );
  }
  if (props.readAndDeleteArns.length)
    statements.push(
      new PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'],
        resources: props.readAndDeleteArns,
      }),
    );
  if (props.purgeArns.length) statements.push(new PolicyStatement({ actions: ['sqs:PurgeQueue'], resources: props.purgeArns }));
  // A job run by hand once its cause is fixed (docs/runbooks/job-failed.md): each job's live alias.
  statements.push(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [arn('lambda', `function:${prefix}-job-*:live`)] }));
  if (props.backstopAliasArn)
    statements.push(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.backstopAliasArn] }));

  const role = new Role(scope, 'OnCallRole', {
    roleName: `${prefix}-on-call`,
    // Only a person who signed in with MFA: the role changes endpoints and gives up or moves deliveries.
    assumedBy: new AccountRootPrincipal().withConditions({ Bool: { 'aws:MultiFactorAuthPresent': 'true' } }),
    description: `${prefix}: what the runbooks tell on-call to do (read the stage, redrive and delete DLQ messages, the backstop's hand drain, the CLI's endpoint actions)`,
    maxSessionDuration: Duration.hours(4),
    inlinePolicies: { 'on-call': new PolicyDocument({ statements }) },
  });
  const nagArn = (service: string, rest: string) => `arn:<AWS::Partition>:${service}:<AWS::Region>:<AWS::AccountId>:${rest}`;
  const acknowledged: [string, string][] = [
    [
      `Resource::${nagArn('cloudformation', `stack/${props.stackName}/*`)}`,
      "The stack's ARN ends in its id, unknown before it exists: one stack's name.",
    ],
    [`Resource::${nagArn('cloudwatch', `alarm:${prefix}-*`)}`, "Reading this stage's alarms, named by its prefix; never a change."],
    [
      `Resource::arn:<AWS::Partition>:cloudwatch::<AWS::AccountId>:dashboard/${prefix}-*`,
      "Reading this stage's dashboards, named by its prefix.",
    ],
    [
      `Resource::${nagArn('logs', `log-group:/aws/lambda/${prefix}-*`)}`,
      "Reading this stage's function logs, named by its prefix; never a write.",
    ],
    [
      `Resource::${nagArn('logs', `log-group:/aws/lambda/${prefix}-*`)}:*`,
      "A log group's events are named by its streams (group:*); reading only.",
    ],
    [`Resource::${nagArn('logs', `log-group:/aws/apigateway/${prefix}/*`)}`, "Reading this stage's access log, named by its prefix."],
    [`Resource::${nagArn('logs', `log-group:/aws/apigateway/${prefix}/*`)}:*`, "The access log's streams (group:*); reading only."],
    [
      `Resource::${nagArn('lambda', `function:${prefix}-*`)}`,
      "Reading this stage's functions' configuration and versions; never a change or an invoke.",
    ],
    [`Resource::${nagArn('scheduler', `schedule/${prefix}-jobs/*`)}`, "Reading this stage's job schedules, in its own group."],
    [
      `Resource::${nagArn('lambda', `function:${prefix}-job-*:live`)}`,
      "Running a job by hand: the live alias of this stage's job functions only.",
    ],
    ['Resource::*', 'Metric data, Logs Insights results, event-source mappings and X-Ray traces have no resource type in IAM: reads only.'],
  ];
  for (const [finding, reason] of acknowledged) Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
  return role;
}
