/**
 * Which IAM action each AWS SDK v3 command needs. A command `XyzCommand` of `@aws-sdk/client-<svc>`
 * needs `<prefix>:Xyz`, except where the table below says otherwise (the DynamoDB document client's
 * short names, transactions, and S3 calls that IAM files under another action).
 */
export type Service = 'dynamodb' | 'kms' | 's3' | 'sqs' | 'ses' | 'scheduler' | 'secretsmanager' | 'cloudformation' | 'logs';

/** Package → IAM service prefix. A package not listed here is refused at synth time (see analyse-code.ts). */
export const SDK_PACKAGES: Record<string, Service> = {
  '@aws-sdk/client-dynamodb': 'dynamodb',
  '@aws-sdk/lib-dynamodb': 'dynamodb',
  '@aws-sdk/client-kms': 'kms',
  '@aws-sdk/client-sqs': 'sqs',
  '@aws-sdk/client-ses': 'ses',
  '@aws-sdk/client-sesv2': 'ses',
  '@aws-sdk/client-s3': 's3',
  '@aws-sdk/client-scheduler': 'scheduler',
  '@aws-sdk/client-secrets-manager': 'secretsmanager',
  // The operator CLI's only (scripts/ops.ts): its stage's outputs, its audit's events.
  '@aws-sdk/client-cloudformation': 'cloudformation',
  '@aws-sdk/client-cloudwatch-logs': 'logs',
};

/** Packages imported without any command that still call AWS (Powertools utilities). */
export const PACKAGE_ACTIONS: Record<string, { service: Service; actions: string[] }> = {
  // The idempotency middleware keeps its records in our one table: read, claim, complete, release.
  '@aws-lambda-powertools/idempotency': { service: 'dynamodb', actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  // Parameters' SecretsProvider reads one secret's value (lib/signing-keys/: which secret, narrowed-modules.ts).
  '@aws-lambda-powertools/parameters/secrets': { service: 'secretsmanager', actions: ['GetSecretValue'] },
};

/** Packages that talk to no AWS API at runtime, or only to one granted elsewhere (the stream reader is local-only). */
export const SDK_PACKAGES_WITHOUT_ACTIONS = new Set(['@aws-sdk/client-dynamodb-streams']);

const SPECIAL: Record<Service, Record<string, string[]>> = {
  dynamodb: {
    Get: ['GetItem'],
    Put: ['PutItem'],
    Update: ['UpdateItem'],
    Delete: ['DeleteItem'],
    BatchGet: ['BatchGetItem'],
    BatchWrite: ['BatchWriteItem'],
    TransactGet: ['GetItem'],
    TransactGetItems: ['GetItem'],
    // IAM checks each item of a transaction under its own action; there is no TransactWriteItems action.
    TransactWrite: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    TransactWriteItems: ['PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    ExecuteStatement: ['PartiQLSelect', 'PartiQLInsert', 'PartiQLUpdate', 'PartiQLDelete'],
  },
  s3: {
    HeadObject: ['GetObject'],
    ListObjectsV2: ['ListBucket'],
    ListObjects: ['ListBucket'],
    CreateMultipartUpload: ['PutObject'],
    UploadPart: ['PutObject'],
    CompleteMultipartUpload: ['PutObject'],
    AbortMultipartUpload: ['AbortMultipartUpload'],
    CopyObject: ['GetObject', 'PutObject'],
    DeleteObjects: ['DeleteObject'],
  },
  kms: {},
  sqs: {
    SendMessageBatch: ['SendMessage'],
    DeleteMessageBatch: ['DeleteMessage'],
    ChangeMessageVisibilityBatch: ['ChangeMessageVisibility'],
  },
  // SESv2's SendEmail and SES v1's SendRawEmail are both authorised as ses:SendEmail / ses:SendRawEmail.
  ses: {},
  scheduler: {},
  secretsmanager: {},
  cloudformation: {},
  logs: {},
};

/** The IAM actions (without prefix) that `command` (e.g. `PutCommand`) of `service` needs. */
export function actionsOf(service: Service, command: string): string[] {
  const name = command.replace(/Command$/, '');
  return SPECIAL[service][name] ?? [name];
}
