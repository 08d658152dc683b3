/**
 * What the operator CLI reads from a deployed stage's stack (its CloudFormation outputs), each with the
 * variable lib/ reads it from. The stack emits exactly these (infra/aws/partner-api-stack.ts), so a
 * run against AWS works on the stage's own table, bucket, key, queues, shard counts and address, and
 * never on a default of the embedded one (lib/operator/target.ts).
 */
export const STAGE_OUTPUTS = {
  TableName: 'TABLE_NAME',
  FilesBucket: 'FILES_BUCKET',
  KmsKeyId: 'KMS_KEY_ID',
  EventPendingShards: 'EVENT_PENDING_SHARDS',
  EventIndexShards: 'EVENT_INDEX_SHARDS',
  WebhookQueueUrls: 'WEBHOOK_QUEUE_URLS',
  PublicUrl: 'PUBLIC_URL',
  DocsUrl: 'DOCS_URL',
  MailFrom: 'MAIL_FROM',
  CursorKeySecret: 'CURSOR_KEY_SECRET',
  HostedLinkKeySecret: 'HOSTED_LINK_KEY_SECRET',
  OneTimeCodeKeySecret: 'ONE_TIME_CODE_KEY_SECRET',
  CanaryKeySecret: 'CANARY_KEY_SECRET',
  OperatorAuditUrl: 'OPERATOR_AUDIT_URL',
  OperatorAuditLogGroup: 'OPERATOR_AUDIT_LOG_GROUP',
} as const;

export type StageOutputKey = keyof typeof STAGE_OUTPUTS;

/** The CloudFormation stack of a stage (infra/aws/app.ts names it so). */
export const stackNameOf = (stage: string) => `PartnerApi-${stage}`;

/** The variables a run against AWS must not inherit from the operator's shell or the embedded default. */
export const LOCAL_ONLY_VARIABLES = [
  'DYNAMODB_ENDPOINT',
  'SQS_ENDPOINT',
  'LOCAL_DIR',
  'LOCAL_DYNAMODB_VIA',
  'WEBHOOK_QUEUE_URL',
  'CURSOR_SIGNING_KEY',
  'HOSTED_LINK_SIGNING_KEY',
  'ONE_TIME_CODE_SIGNING_KEY',
  'AWS_ENDPOINT_URL_S3',
];
