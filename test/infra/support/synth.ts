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
export function synthStage(stage = 'sandbox-preview', extra: { context?: Record<string, unknown>; entries?: PartnerApiStackProps['entries']; fresh?: boolean } = {}): Synthesized {
  // Tests only read templates: one synthesis per stage and arguments per test file (unless `fresh`).
  const key = JSON.stringify([stage, extra.context, extra.entries]);
  const cached = extra.fresh ? undefined : cache.get(key);
  if (cached) return cached;
  const result = synthesize(stage, extra);
  cache.set(key, result);
  return result;
}

const cache = new Map<string, Synthesized>();

function synthesize(stage: string, extra: { context?: Record<string, unknown>; entries?: PartnerApiStackProps['entries'] }): Synthesized {
  const context = { stage, 'aws:cdk:bundling-stacks': [], ...extra.context };
  const app = new App({ context, outdir: mkdtempSync(join(tmpdir(), 'cdk-test-')) });
  const { settings, options } = stageFromContext((key) => app.node.tryGetContext(key));
  const stack = new PartnerApiStack(app, `PartnerApi-${settings.name}`, {
    settings,
    options,
    entries: extra.entries,
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
  return { stack, templates, parent: templates[0], resources };
}

/** Full paths of the API's resources, by logical id (rebuilt from ParentId/PathPart). */
export function resourcePaths(parent: Template): Map<string, string> {
  const res = parent.toJSON().Resources as Record<string, { Type: string; Properties: any }>;
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known) return known;
    const { ParentId, PathPart } = res[id].Properties;
    const parentPath = ParentId['Fn::GetAtt'] ? '' : pathOf(ParentId.Ref);
    const path = `${parentPath}/${PathPart}`;
    paths.set(id, path);
    return path;
  };
  for (const [id, r] of Object.entries(res)) if (r.Type === 'AWS::ApiGateway::Resource') pathOf(id);
  return paths;
}
