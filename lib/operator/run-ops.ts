import { ApiError } from '../errors';
import { resetDbClient } from '../store/client';
import { resetSqsClient } from '../webhooks/queue/delivery-queue';
import type { Scope } from '../scope';
import { OPERATOR_ACTIONS, type OperatorAction } from './actions';
import { operatorName, recordAudit, type AuditOutcome } from './audit';
import { flag, parseCliArgs, type CliArgs } from './cli-args';
import { OperatorError, resolveTarget, type ReadStackOutputs, type Target } from './target';
import { isId } from '../ids';
import { recordAudit as recordInPartnerAudit } from '../audit/record';
import { randomBase62 } from '../ids';

/** How a run talks to the operator and to AWS; tests answer the prompt and the stack's outputs themselves. */
export interface OpsIo {
  out(text: string): void;
  err(text: string): void;
  ask(question: string): Promise<string>;
  /** A deployed stage's stack outputs (scripts/ops.ts: CloudFormation). */
  readOutputs?: ReadStackOutputs;
  /** A deployed stage's region as committed (scripts/ops.ts: infra/aws/stages.ts). */
  regionOf?: (stage: string) => string | undefined;
}

/** The pre-flight is not an act on a stage's data: scripts/ops.ts runs it (scripts/ops-preflight.ts) before this file is reached. */
export const PREFLIGHT_USAGE = 'preflight --stage <stage> [--region …]';

function help(): string {
  const width = Math.max(...OPERATOR_ACTIONS.map((a) => a.usage.length));
  return [
    'npm run ops -- <action> … --stage local|<deployed stage> [--partner ptr_… --mode live|test] [--as NAME] [--yes]',
    '',
    'Runs the platform operations of lib/ on one stage, which must be named: `--stage local` is the',
    "embedded default (npm start's DynamoDB Local); any other stage is read from its deployed stack's",
    'outputs (table, bucket, key, queues, shard counts, public URL) with your AWS credentials (assume the',
    "stage's operator role). Live data asks for confirmation. Every run is audited: locally in the table,",
    "on AWS through the stage's audit function with your AWS identity (npm run ops -- audit).",
    '',
    ...OPERATOR_ACTIONS.map((a) => `  ${a.usage.padEnd(width)}  ${a.summary}`),
    '',
    `  ${PREFLIGHT_USAGE.padEnd(width)}  before a deploy: what the stage's account must grant and has not (SES, ACM, Chatbot, quotas); exits 1 when something is missing`,
  ].join('\n');
}

function scopeOf(args: CliArgs): Scope {
  const partnerId = flag(args, 'partner');
  if (!partnerId || !isId('partner', partnerId)) throw new OperatorError('--partner ptr_… is required: the partner this is about.');
  const mode = flag(args, 'mode') ?? 'live';
  if (mode !== 'live' && mode !== 'test') throw new OperatorError('--mode is live or test.');
  return { partnerId, mode };
}

/** Live data, or anything on a deployed stage beyond one partner's test data, changes only after the operator types `yes` (or --yes, which the audit keeps). */
async function confirmed(
  io: OpsIo,
  args: CliArgs,
  action: OperatorAction,
  scope: Scope | undefined,
  target: Target,
  argv: string[],
): Promise<boolean> {
  if (action.readOnly || args.flags.yes === true) return true;
  const live = scope ? scope.mode === 'live' : target.stage !== 'local';
  if (!live) return true;
  const whose = scope ? `LIVE data of partner ${scope.partnerId}` : `the data of ${target.description}`;
  const answer = await io.ask(
    `This changes ${whose} in ${target.description}:\n  ${action.name} ${argv.slice(1).join(' ')}\nType yes to continue: `,
  );
  return answer.trim().toLowerCase() === 'yes';
}

/** One run of `npm run ops -- …`; resolves to the process exit code. */
export async function runOps(argv: string[], io: OpsIo): Promise<number> {
  const args = parseCliArgs(argv);
  const action = OPERATOR_ACTIONS.find((a) => a.name === args.action);
  if (!action || args.flags.help) {
    (action ? io.out : io.err)(help());
    return action ? 0 : 2;
  }
  let target: Target;
  let scope: Scope | undefined;
  try {
    target = await resolveTarget(args, {
      readOutputs:
        io.readOutputs ??
        (async () => {
          throw new OperatorError('This run cannot read a deployed stack (scripts/ops.ts reads it).');
        }),
      regionOf: io.regionOf,
    });
    // The clients read the endpoints and names chosen above.
    resetDbClient();
    resetSqsClient();
    scope = action.unscoped ? undefined : scopeOf(args);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const run_id = randomBase62(16);
  const operator = operatorName(flag(args, 'as'));
  const audit = (outcome: AuditOutcome, error?: string) =>
    recordAudit(target, {
      run_id,
      operator,
      action: action.name,
      argv,
      partner_id: scope?.partnerId,
      mode: scope?.mode,
      target: target.description,
      outcome,
      ...(error ? { error } : {}),
    });
  // The audit's own reads are not acts. Any other run is recorded BEFORE it acts: a run that cannot be recorded does not run.
  const audited = action.name !== 'audit';
  if (audited) {
    try {
      await audit('started');
    } catch (auditError) {
      io.err(`Not run: the audit could not record it (${auditError instanceof Error ? auditError.message : String(auditError)}).`);
      return 1;
    }
  }
  const settle = async (outcome: AuditOutcome, error?: string) => {
    if (!audited) return;
    try {
      await audit(outcome, error);
    } catch (auditError) {
      io.err(`Could not record how this run ended in the audit: ${auditError instanceof Error ? auditError.message : String(auditError)}`);
    }
  };
  if (!(await confirmed(io, args, action, scope, target, argv))) {
    await settle('declined');
    io.err('Not confirmed: nothing changed.');
    return 1;
  }
  try {
    const result = await action.run({
      scope: scope ?? { partnerId: '', mode: 'live' },
      target,
      args,
      positional: (index, name) => {
        const value = args.positional[index];
        if (!value) throw new OperatorError(`Missing ${name}. Usage: npm run ops -- ${action.usage}`);
        return value;
      },
    });
    await settle('succeeded');
    if (scope?.partnerId && !action.readOnly)
      await recordInPartnerLog(io, { partnerId: scope.partnerId, mode: scope.mode, operator, action, args });
    io.out(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const message =
      error instanceof ApiError
        ? `${error.code}: ${error.detail ?? error.message}${error.errors?.length ? '\n' + error.errors.map((e) => `  ${e.location}: ${e.reason}${e.how_to_fix ? ` (${e.how_to_fix})` : ''}`).join('\n') : ''}`
        : error instanceof Error
          ? error.message
          : String(error);
    await settle('failed', message);
    io.err(message);
    return 1;
  }
}

/**
 * An operator's act on a partner's data, in that partner's own audit log too (`operator.acted`,
 * `actor_kind: "operator"`), so the partner's security team sees what the platform team did. After
 * the act: it is recorded in the platform's audit first, and a failure here is told, not hidden.
 */
async function recordInPartnerLog(
  io: OpsIo,
  run: { partnerId: string; mode: Scope['mode']; operator: string; action: OperatorAction; args: CliArgs },
): Promise<void> {
  try {
    await recordInPartnerAudit(
      { partner_id: run.partnerId, email: run.operator, ip: null, kind: 'operator' },
      'operator.acted',
      run.action.name,
      {
        livemode: run.mode === 'live',
        details: { command: run.action.name, arguments: run.args.positional },
      },
    );
  } catch (error) {
    io.err(`Done, but not recorded in the partner's audit log: ${error instanceof Error ? error.message : String(error)}`);
  }
}
