import { App, Validations } from 'aws-cdk-lib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsSolutionsChecks } from '../../infra/aws/cdk-nag';
import { PartnerApiStack } from '../../infra/aws/partner-api-stack';
import { stageFromContext } from '../../infra/aws/stages';
import { FIXTURE_ENTRIES, synthStage } from './support/synth';

describe('synthesis', () => {
  it('is deterministic: two synths give the same templates', () => {
    const a = synthStage('prod', { entries: FIXTURE_ENTRIES, fresh: true }).templates.map((t) => JSON.stringify(t.toJSON()));
    const b = synthStage('prod', { entries: FIXTURE_ENTRIES, fresh: true }).templates.map((t) => JSON.stringify(t.toJSON()));
    expect(b).toEqual(a);
  });

  it.each(['prod'])('passes cdk-nag’s AWS Solutions checks for %s (every exception acknowledged with its reason in code)', (stage) => {
    const app = new App({ context: { stage, 'aws:cdk:bundling-stacks': [] }, outdir: mkdtempSync(join(tmpdir(), 'cdk-nag-')) });
    const { settings, options } = stageFromContext((key) => app.node.tryGetContext(key));
    new PartnerApiStack(app, `PartnerApi-${stage}`, { settings, options, entries: FIXTURE_ENTRIES, env: { account: '123456789012', region: 'us-east-1' } });
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
