import { resolveStage, type StageSettings } from '../infra/aws/stages';
import { familiesOf } from '../infra/aws/route-families';
import { gatewayResources } from '../infra/gateway/resources';
import { jobFiles } from '../infra/aws/job-schedules';
import { ROUTES } from '../lib/routes';
import {
  formatFindings,
  type PreflightClients,
  type PreflightNeeds,
  preflightClients,
  runPreflight,
} from '../lib/operator/preflight/checks';
import { parseCliArgs, flag } from '../lib/operator/cli-args';

/** The pipeline's functions beside the routes' (fan-out, signer, backstop, mail sender, clock step, operator audit, fallback). */
const PIPELINE_FUNCTIONS = 7;
/** Roles the stack makes that are not a function's own: the operator's, API Gateway's CloudWatch role, the CDK's custom resources. */
const OTHER_ROLES = 5;

/** What stage `settings` asks of its account (lib/operator/preflight/checks.ts), from the committed settings and the route table. */
export function needsOf(settings: StageSettings, region: string): PreflightNeeds {
  const jobs = jobFiles('functions/jobs').length;
  const functions = ROUTES.length + PIPELINE_FUNCTIONS + jobs;
  const { domain, alarms } = settings;
  return {
    stage: settings.name,
    region,
    email: { domain: settings.email.domain, owned: settings.email.ownsIdentity },
    ...(domain?.name && domain.certificateArn ? { domain: { name: domain.name, certificateArn: domain.certificateArn } } : {}),
    ...(alarms.pager?.kind === 'slack' ? { slackWorkspaceId: alarms.pager.workspaceId } : {}),
    concurrency: {
      assumed: settings.accountConcurrency,
      // What the stage reserves (fan-out, backstop, signer), else what the signers' mappings may run at once.
      reserved: settings.reservedConcurrency
        ? settings.reservedConcurrency.fanout + settings.reservedConcurrency.sequencer + settings.reservedConcurrency.signer
        : settings.shards.lanes * settings.signerConcurrency,
      // Only the stage that owns the account's pieces alarms on its concurrency (infra/aws/constructs/on-call/functions.ts).
      alarmed: settings.accountPieces === 'self',
    },
    creates: {
      // The stage's stack, one per route family, and the on-call stack.
      stacks: 1 + familiesOf(ROUTES).size + 1,
      // A role per function, one per job's schedule, and the others.
      roles: functions + jobs + OTHER_ROLES,
      apiResources: gatewayResources(ROUTES).length,
    },
  };
}

/**
 * `npm run ops -- preflight --stage <stage> [--region …]`: reads the stage's account with the caller's
 * own credentials and names every grant its deploy needs that AWS has not given (lib/operator/preflight/).
 * Exit 0 when nothing is missing, 1 when something is, 2 when it cannot tell (the stage's settings).
 */
export async function preflight(
  argv: string[],
  io: { out(text: string): void; err(text: string): void },
  clientsFor: (region: string) => PreflightClients = preflightClients,
): Promise<number> {
  const args = parseCliArgs(['preflight', ...argv]);
  const stage = flag(args, 'stage');
  if (!stage || stage === 'local') {
    io.err('--stage <deployed stage> is required: the pre-flight reads that stage’s AWS account (the embedded default needs none).');
    return 2;
  }
  let settings: StageSettings;
  try {
    settings = resolveStage(stage);
  } catch (error) {
    io.err(
      `${error instanceof Error ? error.message : String(error)}\nCommit the stage's settings in infra/aws/stages.ts first: the pre-flight reads the account they name.`,
    );
    return 2;
  }
  const region = settings.region ?? flag(args, 'region') ?? process.env.AWS_REGION;
  if (!region) {
    io.err(`Stage ${stage} names no region: give --region or AWS_REGION.`);
    return 2;
  }
  const clients = clientsFor(region);
  try {
    const findings = await runPreflight(needsOf(settings, region), clients);
    io.out(formatFindings(stage, findings));
    return findings.some((f) => !f.ok) ? 1 : 0;
  } finally {
    for (const client of Object.values(clients)) client.destroy();
  }
}
