import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROD_FULL, synthStage } from './support/synth';

/**
 * cfn-lint's warnings that the synthesized templates carry by design, with the reason. Any other
 * warning, and any error, fails.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  W3005: "CDK's Lambda function declares DependsOn its role, which its Role: Fn::GetAtt already implies: redundant, harmless.",
  W3045: "The S3 access-log bucket's AccessControl LogDeliveryWrite, which CDK sets on a server access logs target bucket.",
};

describe('cfn-lint on the templates of a stage', () => {
  it('finds no error, and only the warnings accepted with their reason', () => {
    const s = synthStage('prod', PROD_FULL);
    const files = readdirSync(s.outdir)
      .filter((f) => f.endsWith('.template.json'))
      .map((f) => join(s.outdir, f));
    expect(files).toHaveLength(s.templates.length);
    const run = spawnSync('cfn-lint', ['--format', 'json', '--', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.error)
      throw new Error(
        `cfn-lint could not run (${run.error.message}): it comes with the machine's Python (pyenv, cfn-lint 1.51.0); see docs/decisions.md "Production on AWS".`,
      );
    // cfn-lint's exit code is a bit mask: 2 errors, 4 warnings, 8 informational; 1 means it failed itself.
    if (run.status === null || run.status & 1 || !run.stdout.trim().startsWith('['))
      throw new Error(`cfn-lint failed (${run.status}): ${run.stderr}`);
    const findings = JSON.parse(run.stdout) as { Rule: { Id: string }; Level: string; Message: string; Filename: string }[];
    const refused = findings.filter((f) => f.Level === 'Error' || (f.Level === 'Warning' && !ACCEPTED_WARNINGS[f.Rule.Id]));
    expect(refused.map((f) => `${f.Rule.Id} ${f.Filename.replace(/^.*\//, '')}: ${f.Message}`)).toEqual([]);
  }, 300_000);
});
