import { FAMILY_WAVES, familiesOf, familyStackId } from '../../infra/aws/route-families';
import { ROUTES, type Route } from '../../lib/routes';
import { PROD_FULL, synthStage, type Synthesized, type Template } from './support/synth';

/**
 * The nested stacks as the parent template declares them: logical id → the nested stacks it waits for,
 * by `DependsOn` or by reading one's outputs (either makes CloudFormation create and update it after).
 */
function stackGraph(s: Synthesized): Map<string, string[]> {
  const resources = s.parent.toJSON().Resources as Record<string, { Type: string; DependsOn?: string[]; Properties?: unknown }>;
  const ids = Object.keys(resources).filter((id) => resources[id].Type === 'AWS::CloudFormation::Stack');
  return new Map(
    ids.map((id) => {
      const text = JSON.stringify(resources[id].Properties ?? {});
      const read = ids.filter((other) => other !== id && (text.includes(`"Ref":"${other}"`) || text.includes(`["${other}",`)));
      return [id, [...new Set([...(resources[id].DependsOn ?? []).filter((d) => ids.includes(d)), ...read])]];
    }),
  );
}

/** Each stack's level: 1 for one that waits for no other, else one more than the deepest it waits for. */
function levels(graph: Map<string, string[]>): Map<string, number> {
  const out = new Map<string, number>();
  const levelOf = (id: string, path: string[] = []): number => {
    if (path.includes(id)) throw new Error(`A cycle of stacks: ${[...path, id].join(' → ')}`);
    const known = out.get(id);
    if (known) return known;
    const level = 1 + Math.max(0, ...graph.get(id)!.map((d) => levelOf(d, [...path, id])));
    out.set(id, level);
    return level;
  };
  for (const id of graph.keys()) levelOf(id);
  return out;
}

/** How many API Gateway resources and methods a template creates. */
function apiObjectsOf(t: Template): number {
  return Object.values(t.toJSON().Resources as Record<string, { Type: string }>).filter((r) =>
    /^AWS::ApiGateway::(Resource|Method)$/.test(r.Type),
  ).length;
}

/** Three times the route table, grown inside the families (room.test.ts makes the same). */
function tripled(routes: Route[]): Route[] {
  const copy = (n: number) => routes.map((r) => ({ ...r, operation: `${r.operation}Copy${n}`, path: `${r.path}/copy-${n}` }));
  return [...routes, ...copy(2), ...copy(3)];
}

describe('a first deploy that succeeds, and a failed one that can be retried', () => {
  const prod = synthStage('prod', PROD_FULL);
  const preview = synthStage('sandbox-preview');
  const templateOf = (s: Synthesized, id: string) => s.templates.find((t) => t.toJSON().Resources?.[id])!.toJSON().Resources[id];

  /** The family stacks by level, each with its API objects, from the parent's and the nested templates. */
  const wavesOf = (s: Synthesized) => {
    const graph = stackGraph(s);
    const level = levels(graph);
    const families = [...graph.keys()].filter((id) => id.startsWith('Routes'));
    return { graph, level, families, apiObjects: new Map(families.map((id) => [id, apiObjectsOf(s.nestedById.get(id)!)])) };
  };

  for (const [name, routes] of [
    ['the route table', ROUTES],
    ['three times the route table', tripled(ROUTES)],
  ] as const) {
    it(`updates every family of ${name} in at most ${FAMILY_WAVES} stacks one after another, creating one wave's API objects at a time`, () => {
      const s = routes === ROUTES ? prod : synthStage('prod', { ...PROD_FULL, routes });
      const { graph, level, families, apiObjects } = wavesOf(s);
      expect(families).toHaveLength(familiesOf(routes).size);
      expect([...familiesOf(routes).keys()].map((root) => families.some((id) => id.startsWith(familyStackId(root))))).not.toContain(false);
      // The deepest chain of stacks a deploy that changes them all waits through (every nested stack counted).
      const deepest = Math.max(...level.values());
      expect(deepest).toBeLessThanOrEqual(FAMILY_WAVES);
      expect(deepest).toBeGreaterThan(1);
      // Each wave waits for the whole wave before it, so no two waves' stacks are ever created at once.
      const wave = (n: number) => families.filter((id) => level.get(id) === n);
      for (let n = 2; n <= deepest; n++)
        for (const id of wave(n))
          expect({ id, waitsFor: wave(n - 1).filter((d) => !graph.get(id)!.includes(d)) }).toEqual({ id, waitsFor: [] });
      // API Gateway's create quota (5 CreateResource a second per account): at any moment one wave's
      // resources and methods are being created, about an even share of them all; with the route table
      // as it is, no more than the three largest families the earlier three chains created together.
      const sizes = [...apiObjects.values()].sort((a, b) => b - a);
      const total = sizes.reduce((a, b) => a + b, 0);
      const atOnce = Math.max(...Array.from({ length: deepest }, (_, i) => wave(i + 1).reduce((sum, id) => sum + apiObjects.get(id)!, 0)));
      expect(total).toBeGreaterThan(300);
      expect(atOnce).toBeLessThanOrEqual(total / FAMILY_WAVES + sizes[0]);
      if (routes === ROUTES) expect(atOnce).toBeLessThanOrEqual(sizes.slice(0, 3).reduce((a, b) => a + b, 0));
    }, 240_000);
  }

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
