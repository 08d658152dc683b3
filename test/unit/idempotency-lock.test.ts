import { claimKey, idempotencyLockMs } from '../../lib/idempotency/records';
import { PutCommand } from '../../lib/store/dynamodb';
import { mockStore } from '../support/aws-mock';

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

  it('is what a claim writes as the key’s locked_until', async () => {
    const store = mockStore().on(PutCommand).resolves({});
    try {
      const now = new Date('2026-11-26T12:00:00Z');
      const lockedUntil = async () => {
        store.resetHistory();
        await claimKey({ partnerId: 'prt_x', mode: 'test' }, 'key-1', 'fingerprint', 'owner', now);
        return store.commandCalls(PutCommand)[0].args[0].input.Item?.locked_until;
      };
      delete process.env.IDEMPOTENCY_LOCK_MS;
      expect(await lockedUntil()).toBe(now.getTime() + 60_000);
      process.env.IDEMPOTENCY_LOCK_MS = '5000';
      expect(await lockedUntil()).toBe(now.getTime() + 5000);
    } finally {
      store.restore();
    }
  });
});
