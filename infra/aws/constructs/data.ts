import { Aws, Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type ITable, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../../lib/store/table-definition';
import type { StageSettings } from '../stages';
import { mailConfigurationSet } from './mail-events';

/**
 * Where files live in the files bucket, one prefix per purpose, each with its own lifecycle. The
 * files code writes under these prefixes (`uploads/<purpose>/<file id>`).
 */
export const FILE_PREFIXES = {
  identity_document: 'uploads/identity_document/',
  formation_document: 'uploads/formation_document/',
  additional_document: 'uploads/additional_document/',
  published: 'published/',
  tmp: 'tmp/',
} as const;

/**
 * What makes a name this stack's own: the first block of the stack's id, new with every stack
 * CloudFormation creates and fixed for its life. The table and the secrets carry it, so what a failed
 * first create could not delete (the table's deletion protection, a secret's scheduled deletion) never
 * holds the name a retry asks for (docs/platform.md, "A first deploy that fails").
 */
export function stackInstanceSuffix(): string {
  return Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
}

/** The state of a stage: the one table, the files, the webhook-secret key, the signing keys, e-mail. */
export class Data extends Construct {
  /** The stack's own table, retained, whether or not a restored table is switched in for it. */
  readonly ownTable: Table;
  /**
   * The table the stage uses, with its stream: the stack's own, or the restored one the stage switched
   * in (`restoredTable`). Every consumer of the stream and every grant takes this one.
   */
  readonly table: ITable;
  readonly key: Key;
  readonly files: Bucket;
  readonly accessLogs: Bucket;
  readonly cursorSecret: Secret;
  readonly hostedLinkSecret: Secret;
  readonly oneTimeCodeSecret: Secret;
  readonly canarySecret: Secret;
  readonly emailIdentity?: EmailIdentity;
  /** The table the functions use: the stack's own, or the restored one the stage switched in. */
  readonly tableName: string;
  readonly tableArn: string;
  readonly filesBucketName: string;
  readonly filesBucketArn: string;
  readonly filesBucketArnForNag: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings }) {
    super(scope, id);
    const { settings } = props;
    const keep = settings.production;
    const bucketName = (account: string, region: string) => `${settings.prefix}-files-${account}-${region}`;
    this.filesBucketName = bucketName(Aws.ACCOUNT_ID, Aws.REGION);
    this.filesBucketArn = `arn:${Aws.PARTITION}:s3:::${this.filesBucketName}`;
    this.filesBucketArnForNag = `arn:<AWS::Partition>:s3:::${bucketName('<AWS::AccountId>', '<AWS::Region>')}`;

    // The same definition the embedded default creates its table from (lib/store/table-definition.ts).
    this.ownTable = new Table(this, 'Table', {
      tableName: `${settings.prefix}-table-${stackInstanceSuffix()}`,
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: keep,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      stream: StreamViewType.NEW_IMAGE,
      removalPolicy: settings.removalPolicy,
    });
    for (const index of GLOBAL_INDEXES) {
      this.ownTable.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        ...(index.projection.type === 'ALL'
          ? { projectionType: ProjectionType.ALL }
          : { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection.attributes] }),
      });
    }
    this.tableName = settings.restoredTable?.name ?? this.ownTable.tableName;
    this.tableArn = settings.restoredTable
      ? `arn:${Aws.PARTITION}:dynamodb:${Aws.REGION}:${Aws.ACCOUNT_ID}:table/${settings.restoredTable.name}`
      : this.ownTable.tableArn;
    this.table = settings.restoredTable
      ? Table.fromTableAttributes(this, 'Restored', {
          tableName: settings.restoredTable.name,
          tableStreamArn: settings.restoredTable.streamArn,
        })
      : this.ownTable;

    // Envelope encryption of webhook secrets and signing keys: only functions whose code calls KMS get rights on it.
    this.key = new Key(this, 'WebhookSecretsKey', {
      alias: `alias/${settings.prefix}-webhook-secrets`,
      description: 'Envelope encryption of webhook endpoint secrets and signing keys',
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
      pendingWindow: Duration.days(keep ? 30 : 7),
    });

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: settings.removalPolicy,
      // A preview stage is deleted whole: its buckets are emptied first (S3 refuses to delete a full one).
      autoDeleteObjects: !keep,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(keep ? 365 : 30) }],
    });

    // SSE-S3 rather than our KMS key: S3 then needs no KMS rights from the functions that read and write files.
    this.files = new Bucket(this, 'Files', {
      bucketName: this.filesBucketName,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'files/',
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: !keep,
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'old-versions', noncurrentVersionExpiration: Duration.days(30) },
        // Identity documents are kept only as long as KYC requires (stage setting), then deleted.
        { id: 'identity-documents', prefix: FILE_PREFIXES.identity_document, expiration: Duration.days(settings.identityDocumentDays) },
        // Company records are kept; after three months they are rarely read.
        ...(['formation_document', 'additional_document', 'published'] as const).map((purpose) => ({
          id: `${purpose.replace(/_/g, '-')}-infrequent-access`,
          prefix: FILE_PREFIXES[purpose],
          transitions: [{ storageClass: StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(90) }],
        })),
        { id: 'tmp', prefix: FILE_PREFIXES.tmp, expiration: Duration.days(1) },
      ],
    });

    // The signing keys, read by the functions at run time (lib/signing-keys/), never in an environment:
    // `{"current": …}`, and `previous` beside it during a rotation (npm run ops -- rotate-signing-key).
    this.cursorSecret = signingSecret(this, 'CursorSigningKey', settings, 'cursor-signing-key', 'HMAC key of signed page cursors');
    this.hostedLinkSecret = signingSecret(
      this,
      'HostedLinkSigningKey',
      settings,
      'hosted-link-signing-key',
      'HMAC key of hosted invoice links (valid for an hour)',
    );
    this.oneTimeCodeSecret = signingSecret(
      this,
      'OneTimeCodeKey',
      settings,
      'one-time-code-key',
      'HMAC key of the stored hashes of e-mailed one-time codes (sign-in, step-up, secret roll)',
    );
    // The canary's API key (`{"key": …}`), written by `npm run ops -- set-canary-key`; empty until then.
    this.canarySecret = new Secret(this, 'CanaryKey', {
      secretName: `${settings.prefix}/canary-key-${stackInstanceSuffix()}`,
      description: "The canary's API key (a test key of the platform team's canary partner)",
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'unset', passwordLength: 8, excludePunctuation: true },
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.canarySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'An API key of our own API, replaced by the operator (npm run ops -- set-canary-key) and revoked in the dashboard, not rotated by Secrets Manager.',
    });

    // The domain that sends owner e-mail; its DKIM records must be published in DNS (see docs/platform.md). One
    // stage of an account creates a domain's identity; another sending from the same domain uses it.
    if (settings.email.ownsIdentity) {
      this.emailIdentity = new EmailIdentity(this, 'EmailIdentity', {
        identity: Identity.domain(settings.email.domain),
        // Bounces and complaints of this domain's mail recorded (infra/aws/constructs/mail-events.ts).
        configurationSet: mailConfigurationSet(this, settings.email.domain),
      });
      // Production keeps it whatever happens to the stack: a new identity has new DKIM records to publish.
      if (keep) this.emailIdentity.applyRemovalPolicy(RemovalPolicy.RETAIN);
    }
  }
}

/** A generated signing key: `{"current":"<64 characters>"}`, named per stack instance (stackInstanceSuffix). */
function signingSecret(scope: Construct, id: string, settings: StageSettings, name: string, description: string): Secret {
  const secret = new Secret(scope, id, {
    secretName: `${settings.prefix}/${name}-${stackInstanceSuffix()}`,
    description,
    generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', passwordLength: 64, excludePunctuation: true },
    removalPolicy: settings.removalPolicy,
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'Rotated by the operator (npm run ops -- rotate-signing-key), which keeps the previous key valid beside the new one: a scheduled Lambda rotation would need a function of its own for the same two writes.',
  });
  return secret;
}
