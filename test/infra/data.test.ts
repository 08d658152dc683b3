import { GLOBAL_INDEXES, TTL_ATTRIBUTE } from '../../lib/store/table-definition';
import { PROD_FULL, synthStage } from './support/synth';

describe('the state of a stage', () => {
  // prod with every option on: the synthesis the other files of this tier share (a stage's data does not depend on them).
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');
  const one = (s: typeof prod, type: string) => s.resources.filter((r) => r.type === type);

  it('creates the one table from the shared definition: on demand, PITR, TTL, NEW_IMAGE stream, gsi1..gsi4 projecting ALL', () => {
    const [table] = one(prod, 'AWS::DynamoDB::Table');
    expect(table.props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.props.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    expect(table.props.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(table.props.GlobalSecondaryIndexes.map((i: any) => [i.IndexName, i.Projection.ProjectionType])).toEqual(
      GLOBAL_INDEXES.map((i) => [i.indexName, 'ALL']),
    );
  });

  it('protects production data from deletion, and lets previews clean up', () => {
    const [prodTable] = one(prod, 'AWS::DynamoDB::Table');
    expect(prodTable.props.DeletionProtectionEnabled).toBe(true);
    expect(prod.parent.toJSON().Resources[prodTable.id].DeletionPolicy).toBe('Retain');
    const [previewTable] = one(preview, 'AWS::DynamoDB::Table');
    expect(previewTable.props.DeletionProtectionEnabled).toBe(false);
    expect(preview.parent.toJSON().Resources[previewTable.id].DeletionPolicy).toBe('Delete');
  });

  it('blocks public access on every bucket, encrypts it, and refuses plain HTTP', () => {
    const buckets = one(prod, 'AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    for (const bucket of buckets) {
      expect(bucket.props.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.props.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
      const policy = one(prod, 'AWS::S3::BucketPolicy').find((p) => p.props.Bucket.Ref === bucket.id)!;
      expect(policy.props.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('gives each file purpose its lifecycle', () => {
    const files = one(prod, 'AWS::S3::Bucket').find((b) => b.props.VersioningConfiguration)!;
    const rules = files.props.LifecycleConfiguration.Rules as any[];
    const byPrefix = (prefix: string) => rules.find((r) => r.Prefix === prefix);
    expect(byPrefix('uploads/identity_document/').ExpirationInDays).toBe(5 * 365);
    expect(byPrefix('uploads/formation_document/').Transitions[0]).toEqual({ StorageClass: 'STANDARD_IA', TransitionInDays: 90 });
    expect(byPrefix('published/').Transitions[0].StorageClass).toBe('STANDARD_IA');
    expect(byPrefix('tmp/').ExpirationInDays).toBe(1);
    expect(rules.some((r) => r.AbortIncompleteMultipartUpload?.DaysAfterInitiation === 1)).toBe(true);
  });

  it('keeps a rotating KMS key for webhook secrets and a generated cursor key, never in the template', () => {
    const [key] = one(prod, 'AWS::KMS::Key');
    expect(key.props.EnableKeyRotation).toBe(true);
    const [secret] = one(prod, 'AWS::SecretsManager::Secret');
    expect(secret.props.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    const fn = one(prod, 'AWS::Lambda::Function').find((f) => f.props.FunctionName === 'papi-prod-getMe')!;
    expect(JSON.stringify(fn.props.Environment.Variables.CURSOR_SIGNING_KEY)).toContain('{{resolve:secretsmanager:');
  });

  it('sends e-mail from a verified SES domain identity', () => {
    const [identity] = one(prod, 'AWS::SES::EmailIdentity');
    expect(identity.props.EmailIdentity).toBe('example.com');
  });

  it('refuses an unknown stage', () => {
    expect(() => synthStage('staging')).toThrow(/Unknown stage "staging"/);
  });
});
