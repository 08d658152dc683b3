import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { now as clockNow, type Clock } from '../../lib/clock';
import { logger } from '../../lib/observability/logger';

/**
 * The embedded default's stand-in for EventBridge Scheduler: every `functions/jobs/*.ts` (the same
 * files the CDK app schedules) runs on a timer, one run of a job at a time, with the time taken from
 * an injectable clock (`lib/clock.ts`), so tests and demos can move time instead of waiting.
 * Locally every job runs each `everyMs` (default a minute) whatever its AWS schedule: the jobs are
 * idempotent, so running more often only finds nothing to do. `LOCAL_SCHEDULER=off` disables it.
 */
export interface LocalScheduler {
  /** Runs every job once now (awaitable), e.g. after moving the clock. */
  runAll(): Promise<void>;
  stop(): void;
}

type Job = { name: string; handler: (event: { as_of?: string }) => Promise<unknown> };

export async function startLocalScheduler(options: { jobsDir?: string; everyMs?: number; clock?: Clock } = {}): Promise<LocalScheduler> {
  const dir = options.jobsDir ?? join(import.meta.dirname, '..', '..', 'functions', 'jobs');
  const clock = options.clock ?? clockNow;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const jobs: Job[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { handler: Job['handler'] };
    jobs.push({ name: file.replace(/\.ts$/, ''), handler: mod.handler });
  }
  const running = new Set<string>();
  const runOne = async (job: Job) => {
    if (running.has(job.name)) return; // one run of a job at a time, as a scheduler with no overlap
    running.add(job.name);
    try {
      await job.handler({ as_of: clock().toISOString() });
    } catch (error) {
      logger.error('scheduled job failed', { job: job.name, error: error as Error });
    } finally {
      running.delete(job.name);
    }
  };
  const runAll = async () => {
    await Promise.all(jobs.map(runOne));
  };
  const timer = setInterval(() => void runAll(), options.everyMs ?? 60_000);
  timer.unref();
  return { runAll, stop: () => clearInterval(timer) };
}
