import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PartnerApiStack, type PartnerApiStackProps } from '../../../infra/aws/partner-api-stack';
import { stageFromContext } from '../../../infra/aws/stages';

export interface Synthesized {
  stack: PartnerApiStack;
  /** The stage stack's template and every nested stack's, parent first. */
  templates: Template[];
  parent: Template;
  /** Where the templates were written (`*.template.json`, nested ones included): what cfn-lint reads. */
  outdir: string;
  /** Each nested template's parameter values, as the parent passes them (parent: none). */
  parameters: Map<Template, Record<string, unknown>>;
  /** Every resource of every template, with the template it came from. */
  resources: { id: string; type: string; props: Record<string, any>; template: Template }[];
}

/** Fixtures with the shape of the pipeline and job handlers, for checks that must not wait for those branches. */
export const FIXTURE_ENTRIES = {
  fanout: 'test/infra/fixtures/fanout.ts',
  signer: 'test/infra/fixtures/deliver.ts',
  jobs: ['test/infra/fixtures/jobs/quote-expiry.ts'],
};

/**
 * Synthesizes a stage the way `npm run synth` does, without bundling (asset bundling is skipped by
 * the `aws:cdk:bundling-stacks` context; one test in bundling.test.ts really bundles).
 */
export function synthStage(stage = 'sandbox-preview', extra: SynthOptions & { fresh?: boolean } = {}): Synthesized {
  // Tests only read templates: one synthesis per stage and arguments per test file (unless `fresh`).
  const key = JSON.stringify([stage, extra.context, extra.entries, extra.routes]);
  const cached = extra.fresh ? undefined : cache.get(key);
  if (cached) return cached;
  const result = synthesize(stage, extra);
  cache.set(key, result);
  return result;
}

const cache = new Map<string, Synthesized>();

interface SynthOptions {
  context?: Record<string, unknown>;
  entries?: PartnerApiStackProps['entries'];
  routes?: PartnerApiStackProps['routes'];
}

function synthesize(stage: string, extra: SynthOptions): Synthesized {
  const context = { stage, 'aws:cdk:bundling-stacks': [], ...extra.context };
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  const app = new App({ context, outdir });
  const { settings, options } = stageFromContext((key) => app.node.tryGetContext(key));
  const stack = new PartnerApiStack(app, `PartnerApi-${settings.name}`, {
    settings,
    options,
    entries: extra.entries,
    routes: extra.routes,
    env: { account: '123456789012', region: 'us-east-1' },
  });
  const nested = stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
  const templates = [Template.fromStack(stack), ...nested.map((n) => Template.fromStack(n as Stack))];
  const resources = templates.flatMap((template) =>
    Object.entries(template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, any> }>).map(([id, r]) => ({
      id,
      type: r.Type,
      props: r.Properties ?? {},
      template,
    })),
  );
  const parentResources = templates[0].toJSON().Resources as Record<string, { Properties?: { Parameters?: Record<string, unknown> } }>;
  const parameters = new Map<Template, Record<string, unknown>>(
    nested.map((n, i) => [templates[i + 1], parentResources[stack.resolve(n.nestedStackResource!.logicalId)].Properties?.Parameters ?? {}]),
  );
  return { stack, templates, parent: templates[0], outdir, parameters, resources };
}

/** A method of the REST API, in whichever template holds it. */
export interface ApiMethod {
  path: string;
  httpMethod: string;
  integrationType: string;
  /** The physical name of the function its integration invokes. */
  target: string;
  template: Template;
}

/**
 * The REST API as CloudFormation will build it, from every template: each resource's full path
 * (rebuilt from ParentId and PathPart, following nested stacks' parameters to the parent's values)
 * and each method with the function it invokes. Tells a resource defined twice (which API Gateway
 * would refuse) from one defined once.
 */
export function apiOf(s: Synthesized): { resources: { path: string; template: Template }[]; methods: ApiMethod[] } {
  type Node = { template: Template; id: string };
  const json = new Map(s.templates.map((t) => [t, t.toJSON().Resources as Record<string, { Type: string; Properties: any }>]));
  // A value as the template it appears in sees it: a parameter is followed to the parent's value.
  const follow = (template: Template, value: any): { template: Template; value: any } => {
    const ref = value?.Ref;
    if (typeof ref === 'string' && !json.get(template)![ref] && s.parameters.get(template)?.[ref] !== undefined) return follow(s.parent, s.parameters.get(template)![ref]);
    return { template, value };
  };
  const nodeOf = (template: Template, value: any): Node | 'root' => {
    const seen = follow(template, value);
    if (seen.value?.['Fn::GetAtt']?.[1] === 'RootResourceId') return 'root';
    if (typeof seen.value?.Ref !== 'string') throw new Error(`Not a resource reference: ${JSON.stringify(value)}`);
    return { template: seen.template, id: seen.value.Ref };
  };
  const paths = new Map<string, string>();
  const pathOf = (node: Node | 'root'): string => {
    if (node === 'root') return '';
    const key = `${s.templates.indexOf(node.template)}:${node.id}`;
    const known = paths.get(key);
    if (known !== undefined) return known;
    const { ParentId, PathPart } = json.get(node.template)![node.id].Properties;
    const path = `${pathOf(nodeOf(node.template, ParentId))}/${PathPart}`;
    paths.set(key, path);
    return path;
  };
  const functionNameOf = (template: Template, uri: any): string => {
    const parts: any[] = uri['Fn::Join'][1];
    const arn = parts.find((p) => typeof p === 'object' && !String(p.Ref ?? '').startsWith('AWS::'));
    const seen = follow(template, arn);
    const [id, attribute] = seen.value['Fn::GetAtt'];
    if (attribute !== 'Arn') throw new Error(`Not a function ARN: ${JSON.stringify(arn)}`);
    return json.get(seen.template)![id].Properties.FunctionName;
  };
  const resources: { path: string; template: Template }[] = [];
  const methods: ApiMethod[] = [];
  for (const [template, res] of json) {
    for (const [id, r] of Object.entries(res)) {
      if (r.Type === 'AWS::ApiGateway::Resource') resources.push({ path: pathOf({ template, id }), template });
      if (r.Type === 'AWS::ApiGateway::Method') {
        const node = nodeOf(template, r.Properties.ResourceId);
        methods.push({
          path: pathOf(node) || '/',
          httpMethod: r.Properties.HttpMethod,
          integrationType: r.Properties.Integration.Type,
          target: functionNameOf(template, r.Properties.Integration.Uri),
          template,
        });
      }
    }
  }
  return { resources, methods };
}
