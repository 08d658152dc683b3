import { App, Validations } from 'aws-cdk-lib';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsSolutionsChecks } from '../../infra/aws/cdk-nag';
import { PartnerApiStack } from '../../infra/aws/partner-api-stack';
import { resolveStage } from '../../infra/aws/stages';
import { PROD_FULL, synthStage, TEST_APP_PROPS } from './support/synth';

/** Every template a synthesis wrote, by file name. */
function templatesIn(outdir: string): Record<string, unknown> {
  const files = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
  return Object.fromEntries(files.sort().map((f) => [f, JSON.parse(readFileSync(join(outdir, f), 'utf8'))]));
}

/**
 * prod with every option on, synthesized again in this process as `cdk synth` does it (infra/aws/app.ts):
 * with cdk-nag's AWS Solutions checks added. One synthesis serves both tests below, since a synthesis is
 * most of this tier's time.
 */
function synthWithChecks(stage = 'prod', patch = PROD_FULL.settings): { outdir: string; failure: string } {
  const outdir = mkdtempSync(join(process.env.INFRA_SYNTH_DIR ?? tmpdir(), 'cdk-nag-'));
  const app = new App({ ...TEST_APP_PROPS, context: { stage, 'aws:cdk:bundling-stacks': [] }, outdir });
  const settings = resolveStage(stage, patch);
  new PartnerApiStack(app, `PartnerApi-${stage}`, { settings, env: { account: '123456789012', region: 'us-east-1' } });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  try {
    app.synth();
    return { outdir, failure: 'no findings' };
  } catch (error) {
    return { outdir, failure: String(error) };
  }
}

describe('synthesis', () => {
  const checked = synthWithChecks();

  it('passes cdk-nag’s AWS Solutions checks for prod with every option on (every exception acknowledged with its reason in code)', () => {
    expect(checked.failure).toBe('no findings');
  });

  it.each(['sandbox-preview', 'staging'])('passes them for %s too', (stage) => {
    expect(synthWithChecks(stage, {}).failure).toBe('no findings');
  });

  it('is deterministic: a synthesis in this process gives the templates of the run’s shared one', () => {
    const shared = synthStage('prod', PROD_FULL);
    const again = templatesIn(checked.outdir);
    expect(Object.keys(again).length).toBeGreaterThan(2);
    expect(Object.keys(again)).toHaveLength(shared.templates.length);
    expect(again).toEqual(templatesIn(shared.outdir));
  });
});
