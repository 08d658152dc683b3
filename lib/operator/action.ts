import type { Scope } from '../scope';
import type { CliArgs } from './cli-args';

/** What an action gets: the data it works on (partner and mode) and what the operator typed. */
export interface ActionContext {
  scope: Scope;
  args: CliArgs;
  /** The n-th positional argument after the action, or an OperatorError naming it. */
  positional(index: number, name: string): string;
}

/**
 * One operator action: the same lib/ operation a sandbox trigger runs for test companies, for the
 * companies the platform team serves. Areas add theirs to lib/operator/actions.ts.
 */
export interface OperatorAction {
  name: string;
  usage: string;
  summary: string;
  /** Read-only actions need no partner and ask for no confirmation. */
  readOnly?: boolean;
  run(ctx: ActionContext): Promise<unknown>;
}
