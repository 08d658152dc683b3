import { FAMILY_CHAINS, familiesOf, familyStackId } from '../../infra/aws/route-families';
import { ROUTES } from '../../lib/routes';
import { PROD_FULL, synthStage, type Synthesized } from './support/synth';

/** The family stacks as the parent template declares them: logical id → the family stacks it waits for. */
function familyStacks(s: Synthesized): Map<string, string[]> {
  const resources = s.parent.toJSON().Resources as Record<string, { Type: string; DependsOn?: string[] }>;
  const ids = Object.keys(resources).filter((id) => resources[id].Type === 'AWS::CloudFormation::Stack' && id.startsWith('Routes'));
  return new Map(ids.map((id) => [id, (resources[id].DependsOn ?? []).filter((d) => ids.includes(d))]));
}

describe('a first deploy that succeeds, and a failed one that can be retried', () => {
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');
  const templateOf = (s: Synthesized, id: string) => s.templates.find((t) => t.toJSON().Resources?.[id])!.toJSON().Resources[id];

  it(`creates the route families ${FAMILY_CHAINS} at a time: every family stack waits for one other, in ${FAMILY_CHAINS} chains`, () => {
    const stacks = familyStacks(prod);
    expect(stacks.size).toBe(familiesOf(ROUTES).size);
    expect([...familiesOf(ROUTES).keys()].map((root) => [...stacks.keys()].some((id) => id.startsWith(familyStackId(root))))).not.toContain(
      false,
    );
    // Heads of chains wait for no family; every other stack waits for exactly one, and no stack is waited for twice.
    const heads = [...stacks].filter(([, deps]) => deps.length === 0).map(([id]) => id);
    expect(heads).toHaveLength(FAMILY_CHAINS);
    expect([...stacks.values()].every((deps) => deps.length <= 1)).toBe(true);
    const waitedFor = [...stacks.values()].flat();
    expect(new Set(waitedFor).size).toBe(waitedFor.length);
    // Following the chains from their heads reaches every family once: no cycle, nobody left out.
    const next = new Map([...stacks].flatMap(([id, deps]) => deps.map((d) => [d, id] as const)));
    const seen: string[] = [];
    for (const head of heads) for (let at: string | undefined = head; at; at = next.get(at)) seen.push(at);
    expect(seen.sort()).toEqual([...stacks.keys()].sort());
  });

  it('keeps at most the API objects of the largest families being created at once', () => {
    const apiObjects = prod.templates
      .filter((t) => t.toJSON().Description?.includes('routes under'))
      .map(
        (t) =>
          Object.values(t.toJSON().Resources as Record<string, { Type: string }>).filter((r) =>
            /^AWS::ApiGateway::(Resource|Method)$/.test(r.Type),
          ).length,
      )
      .sort((a, b) => b - a);
    const total = apiObjects.reduce((a, b) => a + b, 0);
    const atOnce = apiObjects.slice(0, FAMILY_CHAINS).reduce((a, b) => a + b, 0);
    // All at once was every family's objects; now the FAMILY_CHAINS largest at worst.
    expect(total).toBeGreaterThan(300);
    expect(atOnce).toBeLessThan(total / 3);
  });

  it('retains production’s table, secrets, buckets, log groups, lane queues and DLQs, except what a failed first create made', () => {
    const kept = [
      'AWS::DynamoDB::Table',
      'AWS::SecretsManager::Secret',
      'AWS::S3::Bucket',
      'AWS::Logs::LogGroup',
      'AWS::SQS::Queue',
      'AWS::KMS::Key',
    ];
    for (const type of kept) {
      const resources = prod.resources.filter((r) => r.type === type);
      expect({ type, some: resources.length > 0 }).toEqual({ type, some: true });
      for (const r of resources) {
        const policy = (({ DeletionPolicy, UpdateReplacePolicy }) => ({ DeletionPolicy, UpdateReplacePolicy }))(templateOf(prod, r.id));
        expect({ type, id: r.id, policy }).toEqual({
          type,
          id: r.id,
          policy: { DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' },
        });
      }
    }
    const queues = prod.resources.filter((r) => r.type === 'AWS::SQS::Queue').map((r) => r.props.QueueName);
    expect(queues).toEqual(
      expect.arrayContaining([
        'papi-prod-webhook-deliveries.fifo',
        'papi-prod-webhook-deliveries-dlq.fifo',
        'papi-prod-webhook-fanout-dlq',
      ]),
    );
  });

  it('lets a preview stage be deleted whole: its buckets are emptied first', () => {
    for (const bucket of preview.resources.filter((r) => r.type === 'AWS::S3::Bucket')) {
      expect(templateOf(preview, bucket.id).DeletionPolicy).toBe('Delete');
      expect(preview.resources.some((r) => r.type === 'Custom::S3AutoDeleteObjects' && r.props.BucketName?.Ref === bucket.id)).toBe(true);
    }
  });

  it('names the table and the secrets after the stack instance, so what a failed create could not delete never blocks the retry', () => {
    const suffix = { 'Fn::Select': [0, { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] }] };
    const [table] = prod.resources.filter((r) => r.type === 'AWS::DynamoDB::Table');
    expect(table.props.TableName).toEqual({ 'Fn::Join': ['', ['papi-prod-table-', suffix]] });
    for (const secret of prod.resources.filter((r) => r.type === 'AWS::SecretsManager::Secret'))
      expect(JSON.stringify(secret.props.Name)).toContain(JSON.stringify(suffix));
  });
});
