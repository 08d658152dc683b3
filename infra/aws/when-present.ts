import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './bundling';

/**
 * Parts of the system land on main one branch at a time (the webhook pipeline, the jobs). The stack
 * builds a function only once its entry file exists, so the app synthesizes at every commit of main,
 * and the same code deploys the whole pipeline the moment its handlers arrive. Tests assert the
 * construct whenever the file is there.
 */
export function whenPresent<T>(entry: string, build: (entry: string) => T): T | undefined {
  return existsSync(join(REPO_ROOT, entry)) ? build(entry) : undefined;
}

/** The entries of a folder (e.g. `functions/jobs`), sorted so synthesis is deterministic; none: []. */
export function entriesIn(folder: string): string[] {
  const dir = join(REPO_ROOT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => `${folder}/${f}`);
}
