import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PartnerApiStackProps } from '../../../infra/aws/partner-api-stack';
import type { StagePatch } from '../../../infra/aws/stages';

/** One synthesized template, read back from the cloud assembly (what the tests read: its JSON). */
export class Template {
  constructor(private readonly json: any) {}
  toJSON(): any {
    return this.json;
  }
}

export interface Synthesized {
  /** The stage stack's name (`PartnerApi-prod`). */
  stackName: string;
  /** The stage stack's template and every nested stack's, parent first. */
  templates: Template[];
  parent: Template;
  /** Where the templates were written (`*.template.json`, nested ones included): what cfn-lint reads. */
  outdir: string;
  /** Each nested template by the logical id of its stack resource in the parent. */
  nestedById: Map<string, Template>;
  /** Whether the stack is protected from deletion (the cloud assembly says so, not the template). */
  terminationProtection: boolean;
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
  advanceStep: 'functions/sandbox-clock/advance-step.ts',
};

/**
 * Production's settings as a platform team fills them in (infra/aws/stages.ts leaves them undefined, so
 * production does not synthesize without them): custom domain, alarm e-mail and pager, the issuer.
 */
export const PROD_SETTINGS: StagePatch = {
  account: '123456789012',
  region: 'us-east-1',
  domain: { name: 'api.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' },
  email: { domain: 'mail.example.com', from: 'no-reply@mail.example.com' },
  alarms: { email: 'oncall@example.com', pager: { kind: 'https', url: 'https://events.example-pager.com/integration/abc/enqueue' } },
  invoiceIssuer: { name: 'Example Formations, Inc.', lines: ['100 Main Street', 'Wilmington, DE 19801', 'billing@example.com'] },
  runbookBaseUrl: 'https://github.com/example/partner-api/blob/main/',
  // Not AWS's usual 1,000: the account alarm's threshold follows the setting.
  accountConcurrency: 1500,
};

/**
 * The props of every App a test synthesizes: without the CDK's built-in CloudFormation validation,
 * which aws-cdk-lib runs at every synthesis. In these syntheses it only ever warns (the CDK downgrades
 * its errors unless a context flag asks otherwise) and no test reads what it says, yet it was about
 * half of each synthesis's CPU (prod: ~13 s with it, ~7 s without). The templates' check is
 * cfn-lint.test.ts, which fails on any error. `npm run synth` (infra/aws/app.ts) keeps it.
 */
export const TEST_APP_PROPS = { builtinCloudFormationValidation: false } as const;

/** Production with every setting filled in: the largest stage the route table makes. */
export const PROD_FULL: SynthOptions = { settings: PROD_SETTINGS };

export interface SynthOptions {
  /** Changes to the committed stage definition (test/infra only; a deploy reads infra/aws/stages.ts alone). */
  settings?: StagePatch;
  context?: Record<string, unknown>;
  entries?: PartnerApiStackProps['entries'];
  routes?: PartnerApiStackProps['routes'];
}

/**
 * Synthesizes a stage the way `npm run synth` does, without bundling (asset bundling is skipped by
 * the `aws:cdk:bundling-stacks` context; one test in bundling.test.ts really bundles).
 *
 * Tests only read templates, so one synthesis per stage and options serves the whole run of the infra
 * tier: the first test file that asks synthesizes it into the run's folder (INFRA_SYNTH_DIR, made by
 * global-setup.ts), a file asking for it meanwhile waits for it, and every later one reads it back
 * without loading the CDK. A synthesis costs ~10 s of CPU the first time in a process (the CDK's
 * modules, the code analysis), so sharing it saves most of the tier's time.
 */
export function synthStage(stage = 'sandbox-preview', options: SynthOptions = {}): Synthesized {
  const key = createHash('sha256')
    .update(JSON.stringify([stage, options.settings, options.context, options.entries, options.routes]))
    .digest('hex')
    .slice(0, 24);
  const known = loaded.get(key);
  if (known) return known;
  const result = load(shared(key, (outdir) => synthesize(stage, options, outdir)));
  loaded.set(key, result);
  return result;
}

const loaded = new Map<string, Synthesized>();

/** The run's folder of syntheses: the one global-setup.ts made, or one for this process alone. */
function runDir(): string {
  process.env.INFRA_SYNTH_DIR ??= mkdtempSync(join(tmpdir(), 'infra-synth-'));
  return process.env.INFRA_SYNTH_DIR;
}

/** Where a synthesis left its index (`synthesized.json`), made by this process or read from another's. */
function shared(key: string, make: (outdir: string) => string): string {
  const slot = join(runDir(), key);
  const index = join(slot, 'synthesized.json');
  const failed = join(slot, 'failed');
  try {
    mkdirSync(slot);
  } catch {
    // Another test file is synthesizing it: wait for its index (or its failure, then fail here alike).
    for (const until = Date.now() + 10 * 60_000; Date.now() < until && !existsSync(index) && !existsSync(failed); )
      Atomics.wait(PAUSE, 0, 0, 200);
    if (existsSync(index)) return index;
    return make(join(mkdtempSync(join(runDir(), 'again-')), 'assembly'));
  }
  try {
    return make(join(slot, 'assembly'));
  } catch (error) {
    writeFileSync(failed, String(error));
    throw error;
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Synthesizes into `outdir` and writes beside it the index: the stack's name, its templates' files, each nested one's parameters. */
function synthesize(stage: string, extra: SynthOptions, outdir: string): string {
  // The CDK is loaded only by the process that synthesizes.
  const { App, NestedStack, Stack } = require('aws-cdk-lib') as typeof import('aws-cdk-lib');
  const { Template: CdkTemplate } = require('aws-cdk-lib/assertions') as typeof import('aws-cdk-lib/assertions');
  const { PartnerApiStack } = require('../../../infra/aws/partner-api-stack') as typeof import('../../../infra/aws/partner-api-stack');
  const { resolveStage } = require('../../../infra/aws/stages') as typeof import('../../../infra/aws/stages');
  const context = { stage, 'aws:cdk:bundling-stacks': [], ...extra.context };
  const app = new App({ ...TEST_APP_PROPS, context, outdir });
  const settings = resolveStage(stage, extra.settings);
  const stack = new PartnerApiStack(app, `PartnerApi-${settings.name}`, {
    settings,
    entries: extra.entries,
    routes: extra.routes,
    env: { account: '123456789012', region: 'us-east-1' },
  });
  const nested = stack.node.findAll().filter((c): c is InstanceType<typeof NestedStack> => c instanceof NestedStack);
  // Template.fromStack synthesizes the app, and refuses templates whose resources depend on each other in a cycle.
  const templates = [stack, ...nested].map((s) => CdkTemplate.fromStack(s as InstanceType<typeof Stack>).toJSON());
  const parentResources = templates[0].Resources as Record<string, { Properties?: { Parameters?: Record<string, unknown> } }>;
  const files = [stack, ...nested].map((s, i) => {
    const file = join(outdir, s.templateFile);
    if (JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) !== JSON.stringify(templates[i]))
      throw new Error(`${file} is not the template of ${s.node.path}`);
    return file;
  });
  const index = {
    stackName: stack.stackName,
    outdir,
    terminationProtection: stack.terminationProtection,
    templates: files.map((file, i) => ({
      file,
      logicalId: i === 0 ? undefined : stack.resolve(nested[i - 1].nestedStackResource!.logicalId),
      parameters:
        i === 0 ? {} : (parentResources[stack.resolve(nested[i - 1].nestedStackResource!.logicalId)].Properties?.Parameters ?? {}),
    })),
  };
  const path = join(outdir, '..', 'synthesized.json');
  writeFileSync(`${path}.part`, JSON.stringify(index));
  renameSync(`${path}.part`, path);
  return path;
}

function load(indexFile: string): Synthesized {
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as {
    stackName: string;
    outdir: string;
    terminationProtection: boolean;
    templates: { file: string; logicalId?: string; parameters: Record<string, unknown> }[];
  };
  const templates = index.templates.map((t) => new Template(JSON.parse(readFileSync(t.file, 'utf8'))));
  const resources = templates.flatMap((template) =>
    Object.entries(template.toJSON().Resources as Record<string, { Type: string; Properties?: Record<string, any> }>).map(([id, r]) => ({
      id,
      type: r.Type,
      props: r.Properties ?? {},
      template,
    })),
  );
  const parameters = new Map(templates.slice(1).map((t, i) => [t, index.templates[i + 1].parameters]));
  const nestedById = new Map(templates.slice(1).map((t, i) => [index.templates[i + 1].logicalId!, t]));
  return {
    stackName: index.stackName,
    templates,
    parent: templates[0],
    outdir: index.outdir,
    parameters,
    nestedById,
    terminationProtection: index.terminationProtection,
    resources,
  };
}

/** A method of the REST API, in whichever template holds it. */
export interface ApiMethod {
  path: string;
  httpMethod: string;
  integrationType: string;
  /** The physical name of the function whose `live` alias its integration invokes. */
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
    if (typeof ref === 'string' && !json.get(template)![ref] && s.parameters.get(template)?.[ref] !== undefined)
      return follow(s.parent, s.parameters.get(template)![ref]);
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
    // A method invokes its function's `live` alias (its Ref is the alias's ARN): the function is the alias's.
    const alias = json.get(seen.template)![seen.value?.Ref];
    if (alias?.Type !== 'AWS::Lambda::Alias' || alias.Properties.Name !== 'live')
      throw new Error(`Not a function's live alias: ${JSON.stringify(arn)}`);
    return json.get(seen.template)![alias.Properties.FunctionName.Ref].Properties.FunctionName;
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

/**
 * Whether `value` (a mapping's or a permission's FunctionName, a schedule's target) names the alias
 * `aliasId`: by its Ref, or (an event-source mapping) as `<function name>:live` cut from its ARN.
 */
export function namesAlias(value: unknown, aliasId: string): boolean {
  return JSON.stringify(value).includes(`{"Ref":"${aliasId}"}`);
}

/** The logical id of a function's `live` alias, which every caller of the function invokes. */
export function liveAliasOf(s: Synthesized, fn: { id: string; template: Template }): string {
  const alias = s.resources.find(
    (r) => r.type === 'AWS::Lambda::Alias' && r.template === fn.template && r.props.FunctionName?.Ref === fn.id && r.props.Name === 'live',
  );
  if (!alias) throw new Error(`${fn.id} has no live alias`);
  return alias.id;
}

/** The logical id of the function whose `live` alias `value` names (a mapping's FunctionName, a schedule's target). */
export function functionInvokedBy(s: Synthesized, value: unknown): string | undefined {
  const aliasId = /\{"Ref":"([A-Za-z0-9]+)"\}/.exec(JSON.stringify(value))?.[1];
  const alias = s.resources.find((r) => r.type === 'AWS::Lambda::Alias' && r.id === aliasId);
  return alias?.props.FunctionName?.Ref;
}
