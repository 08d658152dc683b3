import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, type Route } from '../../lib/routes';
import { familiesOf } from '../../infra/aws/route-families';
import { synthStage, type Synthesized } from './support/synth';

/**
 * The most resources any stack of the app may hold. CloudFormation refuses a stack of more than 500;
 * the 150 between are the room to give a growing family a stack of its own before a deploy fails.
 */
const MOST_RESOURCES = 350;

/** Every optional part on: the largest stage the real route table makes. */
const FULL = { context: { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc', alarmEmail: 'oncall@example.com' } };

/**
 * Three times the route table, grown inside the families: each route twice more, on a new path below
 * its own (`/v1/companies/{companyID}` → `…/copy-2`, `…/copy-3`), so every family triples, with a new
 * resource per copy. The worst case for a layout by family; new families only add small stacks.
 */
function tripled(routes: Route[]): Route[] {
  const copy = (n: number) => routes.map((r) => ({ ...r, operation: `${r.operation}Copy${n}`, path: `${r.path}/copy-${n}` }));
  return [...routes, ...copy(2), ...copy(3)];
}

/** Each template with its resource count, named by its description (the parent: its stack name). */
function counts(s: Synthesized): { stack: string; resources: number }[] {
  return s.templates.map((t) => ({
    stack: t === s.parent ? s.stack.stackName : String(t.toJSON().Description),
    resources: Object.keys(t.toJSON().Resources).length,
  }));
}

describe('room in every stack of the app, whatever the number of routes', () => {
  const real = synthStage('prod', FULL);

  it(`keeps every stack at or under ${MOST_RESOURCES} resources with the route table as it is`, () => {
    const all = counts(real);
    expect(all.length).toBeGreaterThan(2);
    expect(all.filter((c) => c.resources > MOST_RESOURCES)).toEqual([]);
  });

  it(`keeps every stack at or under ${MOST_RESOURCES} resources with three times the routes, every family three times its size`, () => {
    const routes = tripled(ROUTES);
    const big = synthStage('prod', { ...FULL, routes });
    const functions = big.resources.filter((r) => r.type === 'AWS::Lambda::Function' && / (GET|POST|PUT|PATCH|DELETE) /.test(` ${r.props.Description} `));
    expect(functions).toHaveLength(3 * ROUTES.length);
    expect(counts(big).filter((c) => c.resources > MOST_RESOURCES)).toEqual([]);
    // The parent grows by one resource per family (its nested stack), never with a family's routes.
    const parentGrowth = counts(big)[0].resources - counts(real)[0].resources;
    expect(parentGrowth).toBe(familiesOf(routes).size - familiesOf(ROUTES).size);
  }, 240_000);
});

/**
 * cfn-lint's warnings that the synthesized templates carry by design, with the reason. Any other
 * warning, and any error, fails.
 */
const ACCEPTED_WARNINGS: Record<string, string> = {
  W3005: "CDK's Lambda function declares DependsOn its role, which its Role: Fn::GetAtt already implies: redundant, harmless.",
  W3045: "The S3 access-log bucket's AccessControl LogDeliveryWrite, which CDK sets on a server access logs target bucket.",
};

describe('cfn-lint on the templates of a stage', () => {
  it(
    'finds no error, and only the warnings accepted with their reason',
    () => {
      const s = synthStage('prod', FULL);
      const files = readdirSync(s.outdir).filter((f) => f.endsWith('.template.json')).map((f) => join(s.outdir, f));
      expect(files).toHaveLength(s.templates.length);
      const run = spawnSync('cfn-lint', ['--format', 'json', '--', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (run.error) throw new Error(`cfn-lint could not run (${run.error.message}): it comes with the machine's Python (pyenv, cfn-lint 1.51.0); see docs/decisions.md "Production on AWS".`);
      // cfn-lint's exit code is a bit mask: 2 errors, 4 warnings, 8 informational; 1 means it failed itself.
      if (run.status === null || run.status & 1 || !run.stdout.trim().startsWith('[')) throw new Error(`cfn-lint failed (${run.status}): ${run.stderr}`);
      const findings = JSON.parse(run.stdout) as { Rule: { Id: string }; Level: string; Message: string; Filename: string }[];
      const refused = findings.filter((f) => f.Level === 'Error' || (f.Level === 'Warning' && !ACCEPTED_WARNINGS[f.Rule.Id]));
      expect(refused.map((f) => `${f.Rule.Id} ${f.Filename.replace(/^.*\//, '')}: ${f.Message}`)).toEqual([]);
    },
    300_000,
  );
});
