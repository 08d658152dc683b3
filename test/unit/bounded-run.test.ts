import { BoundedRun } from '../../lib/event-log/bounded-run';
import { CommitContention } from '../../lib/event-log/commit';
import { withDeadline } from '../../lib/store/deadline';

const committed = async () => undefined;
const refusedForTime = async () => {
  throw new CommitContention();
};

describe('a run of many transactions', () => {
  it('takes no step once out of time, and says it is incomplete', async () => {
    let steps = 0;
    const run = BoundedRun.until(() => steps >= 2);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await run.step(async () => steps++));
    expect(taken).toEqual([true, true, false, false]);
    expect(steps).toBe(2);
    expect(run.complete).toBe(false);
  });

  it('a step refused for lack of time after a committed one ends the run as incomplete: what was committed stands', async () => {
    const run = BoundedRun.until(() => false);
    expect(await run.step(committed)).toBe(true);
    expect(await run.step(refusedForTime)).toBe(false);
    expect(run.complete).toBe(false);
  });

  it('a refusal before anything was committed still fails the run (its 429 says nothing was written)', async () => {
    const run = BoundedRun.until(() => false);
    await expect(run.step(refusedForTime)).rejects.toBeInstanceOf(CommitContention);
  });

  it("a step's own error is its caller's, and does not count as committed", async () => {
    const run = BoundedRun.until(() => false);
    await expect(run.step(async () => Promise.reject(new Error('already billed')))).rejects.toThrow('already billed');
    await expect(run.step(refusedForTime)).rejects.toBeInstanceOf(CommitContention);
    expect(run.complete).toBe(true);
  });

  it('the scheduled jobs run to the end and fail on a refusal as before', async () => {
    const run = BoundedRun.toTheEnd();
    expect(await run.step(committed)).toBe(true);
    await expect(run.step(refusedForTime)).rejects.toBeInstanceOf(CommitContention);
    expect(run.complete).toBe(true);
  });

  it("a request's run stops when less than the reserve is left before its deadline", async () => {
    const near = await withDeadline(Date.now() + 100, () => BoundedRun.beforeDeadline(1_000).step(committed));
    const far = await withDeadline(Date.now() + 60_000, () => BoundedRun.beforeDeadline(1_000).step(committed));
    expect([near, far]).toEqual([false, true]);
  });
});
