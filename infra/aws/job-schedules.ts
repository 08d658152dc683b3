import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './bundling';

/**
 * Each job under functions/jobs/ declares its own EventBridge Scheduler expression,
 * `export const schedule = 'rate(1 hour)'` (decisions.md, "Scheduled jobs"), so the schedule is written
 * once, beside the job. The CDK app reads that literal from the source rather than importing the job
 * (which would load its whole module graph at synth time); a job without one stops the synth.
 */
const SCHEDULE_EXPORT = /export\s+const\s+schedule\s*(?::\s*string\s*)?=\s*(['"`])((?:rate|cron|at)\([^'"`]+\))\1/;

/** How long a job may run, by file name (default 5 minutes; Lambda's limit is 15). */
const JOB_TIMEOUT_SECONDS: Record<string, number> = {
  'month-end': 900,
  renewals: 900,
};

export interface JobSchedule {
  name: string;
  expression: string;
  description: string;
  timeoutSeconds: number;
}

export function scheduleOf(entry: string): JobSchedule {
  const name = entry.replace(/^.*\//, '').replace(/\.ts$/, '');
  const source = readFileSync(join(REPO_ROOT, entry), 'utf8');
  const expression = SCHEDULE_EXPORT.exec(source)?.[2];
  if (!expression)
    throw new Error(`${entry} has no schedule: export const schedule = 'rate(…)' or 'cron(…)' (EventBridge Scheduler syntax).`);
  return { name, expression, description: `Scheduled job ${name} (${expression})`, timeoutSeconds: JOB_TIMEOUT_SECONDS[name] ?? 300 };
}

/** The jobs of a folder (`functions/jobs`), sorted so synthesis is deterministic: every `.ts` file but tests and declarations. */
export function jobFiles(folder: string): string[] {
  return readdirSync(join(REPO_ROOT, folder))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => `${folder}/${f}`);
}
