import { VARIABLES, type Variable } from '../../lib/config/variables';
import { GLOBAL_INDEXES, TTL_ATTRIBUTE } from '../../lib/store/table-definition';
import { PROD_FULL, synthStage } from './support/synth';

describe('the state of a stage', () => {
  // prod with every option on: the synthesis the other files of this tier share (a stage's data does not depend on them).
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');
  const one = (s: typeof prod, type: string) => s.resources.filter((r) => r.type === type);

  it('creates the one table from the shared definition: on demand, PITR, TTL, NEW_IMAGE stream, gsi1..gsi4 projecting ALL, gsi5 no bodies', () => {
    const [table] = one(prod, 'AWS::DynamoDB::Table');
    expect(table.props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.props.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    expect(table.props.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(table.props.GlobalSecondaryIndexes.map((i: any) => [i.IndexName, i.Projection])).toEqual([
      ...['gsi1', 'gsi2', 'gsi3', 'gsi4'].map((name) => [name, { ProjectionType: 'ALL' }]),
      ['gsi5', { ProjectionType: 'INCLUDE', NonKeyAttributes: ['method', 'status', 'path', TTL_ATTRIBUTE] }],
    ]);
    expect(GLOBAL_INDEXES.map((i) => i.indexName)).toEqual(['gsi1', 'gsi2', 'gsi3', 'gsi4', 'gsi5']);
  });

  it('protects production data from deletion, and lets previews clean up', () => {
    const [prodTable] = one(prod, 'AWS::DynamoDB::Table');
    expect(prodTable.props.DeletionProtectionEnabled).toBe(true);
    // Kept on delete and replace, but removed by the rollback of the create that made it: a failed first deploy can be retried.
    expect(prod.parent.toJSON().Resources[prodTable.id].DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(prod.parent.toJSON().Resources[prodTable.id].UpdateReplacePolicy).toBe('Retain');
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

  it('keeps a rotating KMS key for webhook secrets and three generated signing keys (cursors, hosted links, one-time codes), never in the template', () => {
    const [key] = one(prod, 'AWS::KMS::Key');
    expect(key.props.EnableKeyRotation).toBe(true);
    // The three signing keys; the canary's key (written by the operator) is the fourth secret.
    const secrets = one(prod, 'AWS::SecretsManager::Secret').filter((s) => !s.id.startsWith('DataCanaryKey'));
    expect(secrets).toHaveLength(3);
    expect(one(prod, 'AWS::SecretsManager::Secret')).toHaveLength(4);
    for (const secret of secrets)
      expect(secret.props.GenerateSecretString).toMatchObject({
        SecretStringTemplate: '{}',
        GenerateStringKey: 'current',
        PasswordLength: 64,
        ExcludePunctuation: true,
      });
  });

  it('puts no secret in any function’s environment: no dynamic reference, no key, only names and addresses', () => {
    // Ours: every function named by the stage's prefix (CDK's own bucket-emptying function has no environment).
    const functions = [...one(prod, 'AWS::Lambda::Function'), ...one(preview, 'AWS::Lambda::Function')].filter((f) =>
      /^papi-/.test(f.props.FunctionName ?? ''),
    );
    expect(functions.length).toBeGreaterThan(100);
    for (const fn of functions) {
      const env = fn.props.Environment?.Variables ?? {};
      const text = JSON.stringify(env);
      expect({ fn: fn.props.FunctionName, resolves: text.includes('{{resolve:') }).toEqual({ fn: fn.props.FunctionName, resolves: false });
      expect({ fn: fn.props.FunctionName, keys: Object.keys(env).filter((k) => /SIGNING_KEY$|PASSWORD|TOKEN/.test(k)) }).toEqual({
        fn: fn.props.FunctionName,
        keys: [],
      });
      // Each signing secret is named by its ARN (a Ref to the secret), never by its value.
      for (const name of ['CURSOR_KEY_SECRET', 'HOSTED_LINK_KEY_SECRET']) expect(JSON.stringify(env[name])).toMatch(/"Ref"/);
    }
  });

  it('gives every function what its cold start requires outside local (lib/config/variables.ts): STAGE and each production variable', () => {
    const required = [
      'STAGE',
      ...(Object.entries(VARIABLES) as [string, Variable][]).filter(([, v]) => v.requiredInProduction).map(([n]) => n),
    ];
    const functions = [...one(prod, 'AWS::Lambda::Function'), ...one(preview, 'AWS::Lambda::Function')].filter((f) =>
      /^papi-/.test(f.props.FunctionName ?? ''),
    );
    expect(functions.length).toBeGreaterThan(100);
    for (const fn of functions) {
      const env = fn.props.Environment?.Variables ?? {};
      expect({ fn: fn.props.FunctionName, missing: required.filter((name) => !env[name]) }).toEqual({
        fn: fn.props.FunctionName,
        missing: [],
      });
    }
  });

  it('grants each signing secret only to the functions whose code reads it', () => {
    const [cursorSecret, linkSecret, codeSecret] = ['CursorSigningKey', 'HostedLinkSigningKey', 'OneTimeCodeKey'].map(
      (id) => one(prod, 'AWS::SecretsManager::Secret').find((s) => s.id.startsWith(`Data${id}`))!,
    );
    expect(cursorSecret && linkSecret && codeSecret).toBeTruthy();
    const readers = (fnName: string) => {
      const fn = one(prod, 'AWS::Lambda::Function').find((f) => f.props.FunctionName === fnName)!;
      const role = prod.resources.find(
        (r) => r.type === 'AWS::IAM::Role' && r.template === fn.template && fn.props.Role['Fn::GetAtt'][0] === r.id,
      )!;
      return role.props.Policies.flatMap((p: any) => p.PolicyDocument.Statement).filter((s: any) =>
        [s.Action].flat().includes('secretsmanager:GetSecretValue'),
      );
    };
    // Lists sign cursors; the invoice reads sign links; GET /me signs neither.
    expect(readers('papi-prod-listCompanies')).toHaveLength(1);
    expect(readers('papi-prod-getInvoice')).toHaveLength(1);
    expect(readers('papi-prod-getMe')).toHaveLength(0);
    expect(JSON.stringify(readers('papi-prod-getInvoice')[0].Resource)).not.toEqual(
      JSON.stringify(readers('papi-prod-listCompanies')[0].Resource),
    );
    // The key of one-time codes' hashes: read by what sends or checks a code, on its own secret; a list of endpoints reads none.
    const codeReader = readers('papi-prod-dashboardApiSignInVerify');
    expect(codeReader).toHaveLength(1);
    expect(JSON.stringify(codeReader[0].Resource)).toContain('DataOneTimeCodeKey');
    for (const other of ['papi-prod-listCompanies', 'papi-prod-getInvoice'])
      expect(JSON.stringify(readers(other)[0].Resource)).not.toContain('OneTimeCodeKey');
    expect(readers('papi-prod-dashboardApiListWebhookEndpoints')).toHaveLength(0);
  });

  it('sends e-mail from a verified SES domain identity: the stage’s own', () => {
    const [identity] = one(prod, 'AWS::SES::EmailIdentity');
    expect(identity.props.EmailIdentity).toBe('mail.example.com');
  });

  it('records the domain’s bounces and complaints in a configuration set its identity sends through, which the senders may use', () => {
    const [set] = one(prod, 'AWS::SES::ConfigurationSet');
    expect(set.props).toMatchObject({ Name: 'mail-mail-example-com', ReputationOptions: { ReputationMetricsEnabled: true } });
    const [identity] = one(prod, 'AWS::SES::EmailIdentity');
    expect(identity.props.ConfigurationSetAttributes).toEqual({ ConfigurationSetName: { Ref: set.id } });
    const [destination] = one(prod, 'AWS::SES::ConfigurationSetEventDestination');
    expect(destination.props.ConfigurationSetName).toEqual({ Ref: set.id });
    expect(destination.props.EventDestination).toMatchObject({
      Enabled: true,
      MatchingEventTypes: expect.arrayContaining(['bounce', 'complaint', 'delivery', 'send', 'reject']),
      CloudWatchDestination: {
        DimensionConfigurations: [
          { DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag', DefaultDimensionValue: 'mail-mail-example-com' },
        ],
      },
    });
    // SES authorises a send on the identity and on the configuration set it goes through.
    const sends = one(prod, 'AWS::IAM::Role').flatMap((r) =>
      (r.props.Policies ?? []).flatMap((p: any) =>
        p.PolicyDocument.Statement.filter((st: any) => [st.Action].flat().includes('ses:SendEmail')),
      ),
    );
    expect(sends.length).toBeGreaterThanOrEqual(2);
    for (const st of sends) {
      const resources = JSON.stringify(st.Resource);
      expect(resources).toContain(':identity/mail.example.com');
      expect(resources).toContain(':configuration-set/mail-mail-example-com');
    }
    // The on-call dashboard graphs the domain's own bounces and complaints.
    const body = JSON.stringify(one(prod, 'AWS::CloudWatch::Dashboard')[0].props.DashboardBody);
    expect(body).toMatch(/\\"Complaint\\",\\"ses:configuration-set\\",\\"mail-mail-example-com\\"/);
  });

  it('refuses an unknown stage', () => {
    expect(() => synthStage('qa')).toThrow(/Unknown stage "qa"/);
  });
});
