import { ApiError } from '../errors';
import { resetDbClient } from '../store/client';
import type { Scope } from '../scope';
import { OPERATOR_ACTIONS, type OperatorAction } from './actions';
import { operatorName, recordAudit } from './audit';
import { flag, parseCliArgs, type CliArgs } from './cli-args';
import { OperatorError, resolveTarget, type Target } from './target';
import { isId } from '../ids';

/** How a run talks to the operator; tests answer the prompt themselves. */
export interface OpsIo {
  out(text: string): void;
  err(text: string): void;
  ask(question: string): Promise<string>;
}

function help(): string {
  const width = Math.max(...OPERATOR_ACTIONS.map((a) => a.usage.length));
  return [
    'npm run ops -- <action> … --partner ptr_… [--mode live|test] [--table NAME --region REGION] [--as NAME] [--yes]',
    '',
    'Runs the platform operations of lib/ on the table it is pointed at: DynamoDB Local of `npm start`',
    '(from .local/credentials.json) unless --table/--region name a real one. Live data asks for',
    'confirmation; every run is recorded in the table (npm run ops -- audit).',
    '',
    ...OPERATOR_ACTIONS.map((a) => `  ${a.usage.padEnd(width)}  ${a.summary}`),
  ].join('\n');
}

function scopeOf(args: CliArgs): Scope {
  const partnerId = flag(args, 'partner');
  if (!partnerId || !isId('partner', partnerId)) throw new OperatorError('--partner ptr_… is required: the partner whose company this is.');
  const mode = flag(args, 'mode') ?? 'live';
  if (mode !== 'live' && mode !== 'test') throw new OperatorError('--mode is live or test.');
  return { partnerId, mode };
}

/** Live data is changed only after the operator types `yes` (or passed --yes, which the audit keeps). */
async function confirmed(io: OpsIo, args: CliArgs, action: OperatorAction, scope: Scope, target: Target, argv: string[]): Promise<boolean> {
  if (scope.mode !== 'live' || args.flags.yes === true) return true;
  const answer = await io.ask(
    `This changes LIVE data of partner ${scope.partnerId} in ${target.description}:\n  ${action.name} ${argv.slice(1).join(' ')}\nType yes to continue: `,
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
    target = resolveTarget(args);
    resetDbClient(); // the client reads the endpoint and table chosen above
    scope = action.readOnly ? undefined : scopeOf(args);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const operator = operatorName(flag(args, 'as'));
  // An audit that cannot be written is said out loud: the run must not pass unrecorded in silence.
  const audit = async (outcome: 'succeeded' | 'failed' | 'declined', error?: string) => {
    if (action.readOnly) return;
    try {
      await recordAudit({
        operator,
        action: action.name,
        argv,
        partner_id: scope?.partnerId,
        mode: scope?.mode,
        target: target.description,
        outcome,
        ...(error ? { error } : {}),
      });
    } catch (auditError) {
      io.err(`Could not record this run in the audit log: ${auditError instanceof Error ? auditError.message : String(auditError)}`);
    }
  };
  if (scope && !(await confirmed(io, args, action, scope, target, argv))) {
    await audit('declined');
    io.err('Not confirmed: nothing changed.');
    return 1;
  }
  try {
    const result = await action.run({
      scope: scope ?? { partnerId: '', mode: 'live' },
      args,
      positional: (index, name) => {
        const value = args.positional[index];
        if (!value) throw new OperatorError(`Missing ${name}. Usage: npm run ops -- ${action.usage}`);
        return value;
      },
    });
    await audit('succeeded');
    io.out(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    const message =
      error instanceof ApiError
        ? `${error.code}: ${error.detail ?? error.message}${error.errors?.length ? '\n' + error.errors.map((e) => `  ${e.location}: ${e.reason}${e.how_to_fix ? ` (${e.how_to_fix})` : ''}`).join('\n') : ''}`
        : error instanceof Error
          ? error.message
          : String(error);
    await audit('failed', message);
    io.err(message);
    return 1;
  }
}
