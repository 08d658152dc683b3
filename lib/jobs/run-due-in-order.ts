import { withClock, machineMs } from '../clock';
import type { Scope } from '../scope';
import type { BoundedRun } from '../event-log/bounded-run';
import { SCHEDULE, type Due } from './schedule';

/** How far a walk came: everything due at or before `reached` is done; `complete`: all due by its end. */
export interface WalkOutcome {
  reached: string;
  complete: boolean;
}

const inLine = (a: Due, b: Due) => Date.parse(a.at) - Date.parse(b.at) || a.rank - b.rank;

/**
 * Does everything of `scope` that falls due by `upto` in time order, as real time would have: each
 * thing with the clock at its moment (lib/clock.ts `withClock`), so what it stamps and the events it
 * records read that moment; what was due before `from` and is not done yet is done at `from` (a clock
 * never goes back), its events still carrying the moment it fell due as `timestamp`. What a thing
 * brings due (an order's next period) joins the line at its place. Each transaction is a step of `run`:
 * a bounded run stops between two, and a walk run again from `reached` goes on where this one stopped,
 * since every thing is done once by its own guard. `progress` hears how far it came, now and then.
 */
export async function runDueInOrder(
  scope: Scope,
  from: Date,
  upto: Date,
  run: BoundedRun,
  progress?: (reached: string) => Promise<unknown>,
): Promise<WalkOutcome> {
  const line = (await Promise.all(SCHEDULE.map((work) => work.dueOf(scope, from, upto)))).flat().sort(inLine);
  const fromMs = from.getTime();
  let reached = fromMs;
  let told = machineMs();
  while (line.length) {
    const due = line.shift()!;
    const moment = Math.max(Date.parse(due.at), fromMs);
    const next = await withClock(
      () => new Date(moment),
      () => due.settle(run),
    );
    if (!run.complete) return { reached: new Date(Math.max(fromMs, moment - 1)).toISOString(), complete: false };
    reached = moment;
    const later = next.filter((d) => Date.parse(d.at) <= upto.getTime());
    if (later.length) {
      line.push(...later);
      line.sort(inLine);
    }
    if (progress && machineMs() - told >= PROGRESS_EVERY_MS) {
      told = machineMs();
      await progress(new Date(reached).toISOString());
    }
  }
  return { reached: upto.toISOString(), complete: true };
}

/** How often a walk tells how far it came (the clock's `now` while it advances; the dashboard's progress). */
const PROGRESS_EVERY_MS = 1_000;
