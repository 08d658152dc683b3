import { App, Validations } from 'aws-cdk-lib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsSolutionsChecks } from '../../infra/aws/cdk-nag';
import { PartnerApiStack } from '../../infra/aws/partner-api-stack';
import { stageFromContext } from '../../infra/aws/stages';
import { PROD_FULL, synthStage } from './support/synth';

describe('synthesis', () => {
  it('is deterministic: a synthesis in this process gives the templates of the run’s shared one', () => {
    const shared = synthStage('prod', PROD_FULL).templates.map((t) => JSON.stringify(t.toJSON()));
    const again = synthStage('prod', { ...PROD_FULL, fresh: true }).templates.map((t) => JSON.stringify(t.toJSON()));
    expect(again.length).toBeGreaterThan(2);
    expect(again).toEqual(shared);
  });

  it('passes cdk-nag’s AWS Solutions checks for prod with every option on (every exception acknowledged with its reason in code)', () => {
    const app = new App({
      context: { stage: 'prod', 'aws:cdk:bundling-stacks': [], ...PROD_FULL.context },
      outdir: mkdtempSync(join(process.env.INFRA_SYNTH_DIR ?? tmpdir(), 'cdk-nag-')),
    });
    const { settings, options } = stageFromContext((key) => app.node.tryGetContext(key));
    new PartnerApiStack(app, 'PartnerApi-prod', { settings, options, env: { account: '123456789012', region: 'us-east-1' } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    let failure: unknown;
    try {
      app.synth();
    } catch (error) {
      failure = error;
    }
    expect(String(failure ?? 'no findings')).toBe('no findings');
  });
});
