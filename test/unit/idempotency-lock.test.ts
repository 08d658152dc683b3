import { idempotencyLockMs } from '../../lib/idempotency/records';

/** The lock a claimed key holds (docs/decisions.md, "Idempotency"): 60 s unless IDEMPOTENCY_LOCK_MS shortens it. */
describe('the idempotency lock', () => {
  const saved = process.env.IDEMPOTENCY_LOCK_MS;
  afterEach(() => {
    if (saved === undefined) delete process.env.IDEMPOTENCY_LOCK_MS;
    else process.env.IDEMPOTENCY_LOCK_MS = saved;
  });

  it('is a minute by default', () => {
    delete process.env.IDEMPOTENCY_LOCK_MS;
    expect(idempotencyLockMs()).toBe(60_000);
  });

  it('follows IDEMPOTENCY_LOCK_MS when it is a positive number, and ignores anything else', () => {
    process.env.IDEMPOTENCY_LOCK_MS = '5000';
    expect(idempotencyLockMs()).toBe(5000);
    for (const bad of ['', '0', '-1', 'soon', 'Infinity']) {
      process.env.IDEMPOTENCY_LOCK_MS = bad;
      expect(idempotencyLockMs()).toBe(60_000);
    }
  });
});
