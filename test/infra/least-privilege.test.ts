import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseCode } from '../../infra/aws/access/analyse-code';
import { statementsFor } from '../../infra/aws/access/grants';
import {
  ADVANCE_STEP_ENTRY,
  BACKSTOP_ENTRY,
  FANOUT_ENTRY,
  JOBS_FOLDER,
  MAILER_ENTRY,
  SIGNER_ENTRY,
} from '../../infra/aws/partner-api-stack';
import { jobFiles } from '../../infra/aws/job-schedules';
import { FALLBACK_HANDLER, ROUTES } from '../../lib/routes';
import { FIXTURE_ENTRIES, synthStage } from './support/synth';

/** Every IAM statement of every template: role inline policies and policy resources alike. */
function statementsOf(resources: ReturnType<typeof synthStage>['resources']) {
  const out: { owner: string; statement: any }[] = [];
  for (const r of resources) {
    const documents =
      r.type === 'AWS::IAM::Role'
        ? [...(r.props.Policies ?? []).map((p: any) => p.PolicyDocument)]
        : r.type === 'AWS::IAM::Policy' || r.type === 'AWS::IAM::ManagedPolicy'
          ? [r.props.PolicyDocument]
          : [];
    for (const doc of documents) for (const statement of doc.Statement) out.push({ owner: r.id, statement });
  }
  return out;
}
const actionsOf = (s: any): string[] => [s.Action ?? [], s.NotAction ?? []].flat();

describe('least privilege', () => {
  const full = synthStage('sandbox-preview', { entries: FIXTURE_ENTRIES });
  const statements = statementsOf(full.resources);

  it('grants no `*` action anywhere (no `*`, no `service:*`, no wildcard in any action name)', () => {
    expect(statements.length).toBeGreaterThan(0);
    const wild = statements.filter(({ statement }) => actionsOf(statement).some((a) => a.includes('*')));
    expect(wild).toEqual([]);
  });

  it('uses no NotAction and no Deny-less escape hatches in function roles', () => {
    expect(statements.filter(({ statement }) => statement.NotAction || statement.NotResource)).toEqual([]);
  });

  it('gives read-only routes read-only table rights: GetItem and BatchGetItem (the key read with an operation’s prefetched read), plus the rate-limit counter and the request log narrowed to RATE# and REQ# items', () => {
    for (const operation of ['getMe', 'listProducts']) {
      const role = full.resources.find((r) => r.type === 'AWS::IAM::Role' && r.id.startsWith(`${operation}Role`))!;
      const own = role.props.Policies.flatMap((p: any) => p.PolicyDocument.Statement);
      const dynamo = own.filter((s: any) => actionsOf(s).some((a: string) => a.startsWith('dynamodb:')));
      const plain = dynamo.filter((s: any) => !s.Condition).flatMap(actionsOf);
      expect(plain.sort()).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem']);
      const narrowed = dynamo
        .filter((s: any) => s.Condition)
        .map((s: any) => [actionsOf(s), s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']]);
      expect(narrowed).toEqual(
        expect.arrayContaining([
          [['dynamodb:UpdateItem'], ['RATE#*']],
          [['dynamodb:PutItem'], ['REQ#*']],
        ]),
      );
      expect(narrowed).toHaveLength(2);
    }
  });

  it('gives rights on the webhook-secrets key exactly to the functions whose code calls KMS', () => {
    // Functions' roles (the operator's and on-call's rights come from the CLI's code: operator.test.ts, on-call-role.test.ts).
    const rolesWithKms = new Set(
      statements
        .filter(
          ({ owner, statement }) =>
            !owner.startsWith('OperatorRole') && !owner.startsWith('OnCallRole') && actionsOf(statement).some((a) => a.startsWith('kms:')),
        )
        .map((s) => s.owner),
    );
    const entries = [
      ...ROUTES.map((r) => r.handler),
      FALLBACK_HANDLER,
      FIXTURE_ENTRIES.fanout,
      FIXTURE_ENTRIES.signer,
      ...FIXTURE_ENTRIES.jobs,
    ];
    const callers = [...analyseCode(entries).values()].filter((used) => used.some((u) => u.service === 'kms'));
    expect(rolesWithKms.size).toBe(callers.length);
  });

  it('traces every function actively (X-Ray), and lets each role put its trace segments and nothing more of X-Ray', () => {
    const functions = full.resources.filter((r) => r.type === 'AWS::Lambda::Function' && r.props.Runtime?.startsWith('nodejs'));
    const ours = functions.filter((f) => f.props.Role?.['Fn::GetAtt']?.[0] && !/LogRetention|CustomResource|AwsCliLayer/.test(f.id));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter((f) => f.props.TracingConfig?.Mode !== 'Active').map((f) => f.id)).toEqual([]);
    for (const f of ours) {
      const roleId = f.props.Role['Fn::GetAtt'][0];
      const role = full.resources.find((r) => r.type === 'AWS::IAM::Role' && r.id === roleId)!;
      const own = (role.props.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
      const xray = own.filter((st: any) => actionsOf(st).some((a: string) => a.startsWith('xray:')));
      expect({ id: f.id, xray: xray.map((st: any) => [actionsOf(st).sort(), st.Resource]) }).toEqual({
        id: f.id,
        xray: [[['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], '*']],
      });
    }
  });

  it('grants SQS rights on the delivery queues, the sandbox clock’s steps queue and the mail queue only, and never to a GET route', () => {
    const sqs = statements.filter(({ statement }) => actionsOf(statement).some((a) => a.startsWith('sqs:')));
    expect(sqs.length).toBeGreaterThan(0);
    const getRoles = new Set(ROUTES.filter((r) => r.method === 'GET').map((r) => `${r.operation}Role`));
    // On-call's DLQ rights (read, delete, purge the mail and pager DLQs, redrive): on-call-role.test.ts.
    for (const { owner, statement } of sqs.filter(({ owner }) => !owner.startsWith('OnCallRole'))) {
      // The lanes and their DLQs, the fan-out's DLQ, the jobs' on-failure queue (their destination), the clock's steps, the mail queue.
      expect(JSON.stringify(statement.Resource)).toMatch(
        /webhook-deliveries(-\d+)?(-dlq)?\.fifo|FanoutDlq|Deliveries|JobFailures|sandbox-clock-steps\.fifo|SandboxClockSteps|-mail\.fifo/,
      );
      expect({ owner, get: [...getRoles].some((g) => owner.startsWith(g)) }).toEqual({ owner, get: false });
    }
  });

  it('lets only the routes that send a sign-in code put mail on the mail queue, and nothing else on it', () => {
    const onMail = statements.filter(({ statement }) => JSON.stringify(statement.Resource).includes('-mail.fifo'));
    expect(new Set(onMail.map(({ owner }) => owner.replace(/Role.*$/, '')))).toEqual(
      new Set(['dashboardApiSignIn', 'dashboardSignInSend']),
    );
    for (const { statement } of onMail) expect(actionsOf(statement)).toEqual(['sqs:SendMessage']);
  });
});

describe('the code analysis behind the grants', () => {
  const res = {
    tableArn: 'arn:t',
    indexNames: ['gsi1', 'gsi2'],
    keyArn: 'arn:k',
    filesBucketArn: 'arn:b',
    queueArns: [],
    emailIdentityArn: 'arn:e',
  };

  it('reads the SDK commands a handler can reach after tree-shaking, and narrows the rate-limit counter', () => {
    const used = analyseCode(['functions/api/get-me.ts']).get('functions/api/get-me.ts')!;
    expect(used.map((u) => `${u.service}:${u.action}${u.narrowing ? ` (${u.narrowing.name})` : ''}`)).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:DeleteItem (idempotency-records)',
      'dynamodb:GetItem',
      'dynamodb:PutItem (idempotency-records)',
      'dynamodb:PutItem (request-log)',
      'dynamodb:UpdateItem (idempotency-records)',
      'dynamodb:UpdateItem (rate-limit-counter)',
    ]);
  });

  it('grants idempotency records (IDEM# items only) to write routes, never to GET routes', () => {
    const used = analyseCode(['functions/api/get-me.ts']).get('functions/api/get-me.ts')!;
    const get = statementsFor('get', used, res, 'GET').map((s) => s.toJSON());
    const post = statementsFor('post', used, res, 'POST').map((s) => s.toJSON());
    expect(JSON.stringify(get)).not.toContain('IDEM#');
    expect(post).toContainEqual({
      Action: ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['IDEM#*'] } },
      Effect: 'Allow',
      Resource: 'arn:t',
    });
  });

  it('maps document-client commands and transactions to their IAM actions', () => {
    const used = analyseCode([FIXTURE_ENTRIES.signer, FIXTURE_ENTRIES.jobs[0]]);
    expect(used.get(FIXTURE_ENTRIES.signer)!.map((u) => `${u.service}:${u.action}`)).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'sqs:ChangeMessageVisibility',
      'sqs:DeleteMessage',
    ]);
    expect(used.get(FIXTURE_ENTRIES.jobs[0])!.map((u) => `${u.service}:${u.action}`)).toEqual(['dynamodb:Query']);
  });

  it('reads the S3 and SES commands a function sends (a presigned link as the GetObject it signs) by their actions', () => {
    const entries = ['functions/api/upload-file.ts', 'functions/webhooks/deliver.ts', 'functions/api/get-me.ts'];
    const used = analyseCode(entries);
    const services = (e: string) => used.get(e)!.filter((u) => u.service !== 'dynamodb' && u.service !== 'sqs' && u.service !== 'kms');
    // Uploads store the bytes and read them back (page counts, links); the signer mails a failing endpoint's owner.
    expect(services(entries[0]).map((u) => `${u.service}:${u.action}`)).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(services(entries[1]).map((u) => `${u.service}:${u.action}`)).toEqual(['ses:SendEmail']);
    expect(services(entries[2])).toEqual([]);
    const [statement] = statementsFor('upload', services(entries[0]), res).map((s) => s.toJSON());
    expect(statement).toEqual({ Action: ['s3:GetObject', 's3:PutObject'], Effect: 'Allow', Resource: 'arn:b/*' });
  });

  it('lets Query reach the table and each index by name, and nothing else', () => {
    const [statement] = statementsFor('x', [{ service: 'dynamodb', action: 'Query' }], res);
    expect(statement.toJSON()).toEqual({
      Action: 'dynamodb:Query',
      Effect: 'Allow',
      Resource: ['arn:t', 'arn:t/index/gsi1', 'arn:t/index/gsi2'],
    });
  });

  it('splits S3 rights into bucket-level and object-level statements', () => {
    const statements = statementsFor(
      'x',
      [
        { service: 's3', action: 'GetObject' },
        { service: 's3', action: 'ListBucket' },
      ],
      res,
    );
    expect(statements.map((s) => s.toJSON())).toEqual([
      { Action: 's3:ListBucket', Effect: 'Allow', Resource: 'arn:b' },
      { Action: 's3:GetObject', Effect: 'Allow', Resource: 'arn:b/*' },
    ]);
  });

  it('refuses to synthesize a function that calls a service the stack has no resource for', () => {
    expect(() => statementsFor('functions/x.ts', [{ service: 'sqs', action: 'SendMessage' }], res)).toThrow(/calls SQS .* no queue/);
  });
});

/**
 * Every function's AWS actions, as the stack grants them, held to a reviewed list
 * (test/infra/fixtures/grants-by-function.json): a change of the code that widens or narrows any
 * function's rights shows here, function by function, and is accepted by writing the list again
 * (`UPDATE_GRANTS=1 npx jest test/infra/least-privilege.test.ts`) and reviewing its diff. The list was
 * written before the AWS SDK's clients replaced our own and held unchanged by that move.
 */
describe('the grants of every function', () => {
  const FILE = join(__dirname, 'fixtures', 'grants-by-function.json');
  const entries = [
    ...new Set([
      ...ROUTES.map((r) => r.handler),
      FALLBACK_HANDLER,
      FANOUT_ENTRY,
      SIGNER_ENTRY,
      BACKSTOP_ENTRY,
      ADVANCE_STEP_ENTRY,
      MAILER_ENTRY,
      ...jobFiles(JOBS_FOLDER),
    ]),
  ].sort();

  it('are exactly the reviewed list, function by function', () => {
    const used = analyseCode(entries);
    const grants = Object.fromEntries(
      entries.map((e) => [e, (used.get(e) ?? []).map((u) => `${u.service}:${u.action}${u.narrowing ? ` [${u.narrowing.name}]` : ''}`)]),
    );
    if (process.env.UPDATE_GRANTS) writeFileSync(FILE, `${JSON.stringify(grants, null, 1)}\n`);
    expect(grants).toEqual(JSON.parse(readFileSync(FILE, 'utf8')));
  });
});
