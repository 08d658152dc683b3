import type { Scope } from '../scope';
import type { CliArgs } from './cli-args';
import type { Target } from './target';

/** What an action gets: the data it works on (partner and mode), where it runs, and what the operator typed. */
export interface ActionContext {
  scope: Scope;
  target: Target;
  args: CliArgs;
  /** The n-th positional argument after the action, or an OperatorError naming it. */
  positional(index: number, name: string): string;
}

/**
 * One operator action: the same lib/ operation a sandbox trigger or the dashboard runs, for the
 * platform team. Areas add theirs to lib/operator/actions.ts.
 */
export interface OperatorAction {
  name: string;
  usage: string;
  summary: string;
  /** Read-only actions ask for no confirmation (they are audited all the same). */
  readOnly?: boolean;
  /** Actions on no one partner (creating one, the DLQs, the signing keys) take no --partner. */
  unscoped?: boolean;
  run(ctx: ActionContext): Promise<unknown>;
}
