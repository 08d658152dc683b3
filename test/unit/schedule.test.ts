import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEDULE, scheduledWork } from '../../lib/jobs/schedule';

/**
 * One schedule, two drivers (docs/decisions.md, "The sandbox clock"): every job the scheduler runs in
 * real time is a kind of work an advance of a sandbox clock walks too, and nothing is walked that no
 * job runs. A new job under functions/jobs/ without its entry in SCHEDULE fails here.
 */
/** Jobs that are not the service's own work on a schedule, so no sandbox lives them, and why. */
const NOT_WORK_OF_THE_SERVICE: Record<string, string> = {
  canary: 'a probe of the public API for on-call: it changes nothing of any partner',
};

it('lists exactly the real-time jobs, each with its real-time job and what it brings due in a sandbox', () => {
  const jobs = readdirSync(join(__dirname, '../../functions/jobs'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .filter((name) => !Object.hasOwn(NOT_WORK_OF_THE_SERVICE, name))
    .sort();
  expect(SCHEDULE.map((w) => w.name).sort()).toEqual(jobs);
  for (const name of jobs) {
    expect(typeof scheduledWork(name).job).toBe('function');
    expect(typeof scheduledWork(name).dueOf).toBe('function');
  }
  expect(() => scheduledWork('nightly-nothing')).toThrow('no scheduled work named nightly-nothing');
});
