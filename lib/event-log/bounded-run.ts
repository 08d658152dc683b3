import { deadline } from '../store/deadline';
import { CommitContention } from './commit';
import { machineMs } from '../clock';

/**
 * Kept back from the request's deadline before a step starts: time for one step (a transaction and the
 * read before it) under load. The deadline itself already keeps the answer's margin (lib/http/handler.ts).
 */
export const STEP_RESERVE_MS = 1_000;

/**
 * A run made of many transactions, each a step that stands on its own once committed (a renewal
 * period, a batch of an invoice's lines), so that it can stop between any two (docs/decisions.md,
 * "Month-end invoices"). A run bounded by its request stops before a step when the request's deadline
 * is near, or when a step's commit is refused for lack of time (`CommitContention`: that step wrote
 * nothing) after the run committed one: every committed step stays, `complete` turns false, and
 * running again goes on from there. A refusal before anything was committed still fails the run: its
 * 429 says nothing was written, and then nothing was. A run to the end (the scheduled jobs, the
 * operator's CLI) never stops short and fails as before.
 */
export class BoundedRun {
  private committed = 0;
  private stopped = false;

  private constructor(
    private readonly outOfTime: () => boolean,
    private readonly stopsOnRefusal: boolean,
  ) {}

  /** The run of an API request: bounded by the request's deadline (lib/store/deadline.ts) less `reserveMs`. */
  static beforeDeadline(reserveMs = STEP_RESERVE_MS): BoundedRun {
    return new BoundedRun(() => deadline() - machineMs() < reserveMs, true);
  }

  /** A run bounded by `outOfTime`, asked before each step (tests stop a run after so many steps). */
  static until(outOfTime: () => boolean): BoundedRun {
    return new BoundedRun(outOfTime, true);
  }

  /** The scheduled jobs' and the operator's run: every step, whatever the time. */
  static toTheEnd(): BoundedRun {
    return new BoundedRun(() => false, false);
  }

  /** False when the run stopped before doing all its steps: what it committed stands, the rest waits for the next run. */
  get complete(): boolean {
    return !this.stopped;
  }

  /**
   * Runs one step, or none when the run must stop: true if the step ran and returned. A step that
   * throws (a refusal of its own, a period already billed) counts as not committed; its error is the
   * caller's, except the refusal for lack of time described above.
   */
  async step(run: () => Promise<unknown>): Promise<boolean> {
    if (this.stopped || this.outOfTime()) return this.stop();
    try {
      await run();
    } catch (error) {
      if (error instanceof CommitContention && this.stopsOnRefusal && this.committed > 0) return this.stop();
      throw error;
    }
    this.committed++;
    return true;
  }

  private stop(): false {
    this.stopped = true;
    return false;
  }
}
