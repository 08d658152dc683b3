import { Aws, Duration, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../../lib/store/table-definition';
import type { StageOptions, StageSettings } from '../stages';

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

/** The state of a stage: the one table, the files, the webhook-secret key, the cursor key, e-mail. */
export class Data extends Construct {
  readonly table: Table;
  readonly key: Key;
  readonly files: Bucket;
  readonly accessLogs: Bucket;
  readonly cursorSecret: Secret;
  readonly emailIdentity: EmailIdentity;
  /** Literal ARNs from fixed names: grants and nested stacks name them without cross-stack references. */
  readonly tableArn: string;
  readonly filesBucketName: string;
  readonly filesBucketArn: string;
  readonly filesBucketArnForNag: string;

  constructor(scope: Construct, id: string, props: { settings: StageSettings; options: StageOptions }) {
    super(scope, id);
    const { settings, options } = props;
    const keep = settings.removalPolicy === RemovalPolicy.RETAIN;
    const tableName = `${settings.prefix}-table`;
    this.tableArn = `arn:${Aws.PARTITION}:dynamodb:${Aws.REGION}:${Aws.ACCOUNT_ID}:table/${tableName}`;
    const bucketName = (account: string, region: string) => `${settings.prefix}-files-${account}-${region}`;
    this.filesBucketName = bucketName(Aws.ACCOUNT_ID, Aws.REGION);
    this.filesBucketArn = `arn:${Aws.PARTITION}:s3:::${this.filesBucketName}`;
    this.filesBucketArnForNag = `arn:<AWS::Partition>:s3:::${bucketName('<AWS::AccountId>', '<AWS::Region>')}`;

    // The same definition the embedded default creates its table from (lib/store/table-definition.ts).
    this.table = new Table(this, 'Table', {
      tableName,
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
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

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

    // Signs page cursors (lib/paging/cursor.ts). Generated once per stage, never in the repository.
    this.cursorSecret = new Secret(this, 'CursorSigningKey', {
      secretName: `${settings.prefix}/cursor-signing-key`,
      description: 'HMAC key of signed page cursors',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: settings.removalPolicy,
    });
    Validations.of(this.cursorSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the cursor key invalidates the cursors partners hold mid-listing, so it is rotated by hand (README, "Deploying to AWS"), not on a schedule.',
    });

    // The domain that sends owner e-mail; its DKIM records must be published in DNS (see README).
    this.emailIdentity = new EmailIdentity(this, 'EmailIdentity', { identity: Identity.domain(options.emailDomain) });
  }

  /** The cursor key as a CloudFormation dynamic reference: resolved at deploy, never in the template. */
  cursorSigningKey(): string {
    return SecretValue.secretsManager(this.cursorSecret.secretArn).unsafeUnwrap();
  }
}
