import type { OperationOutput, RequestOptions } from './types';

/** Your test mode's clock, as GET /sandbox/clock answers it. */
export type SandboxClock = OperationOutput<'getSandboxClock'>;

/** How `advanceAndWait` and `waitUntilReady` poll: every `pollMs` (default 500), for at most `timeoutMs` (default 120 000). */
export interface WaitOptions extends RequestOptions {
  pollMs?: number;
  timeoutMs?: number;
}

/** The clock did not become ready within the wait (the advance goes on; wait again or read the clock). */
export class SandboxClockTimeoutError extends Error {
  constructor(
    readonly clock: SandboxClock,
    timeoutMs: number,
  ) {
    super(`The sandbox clock was still advancing to ${clock.advancing_to} after ${timeoutMs} ms (now ${clock.now}).`);
    this.name = 'SandboxClockTimeoutError';
  }
}

/** What the client calls: the two operations of the clock (test keys only). */
interface ClockCalls {
  getSandboxClock(input?: object, options?: RequestOptions): Promise<SandboxClock>;
  advanceSandboxClock(input: { body: { to: string } }, options?: RequestOptions): Promise<SandboxClock>;
}

/**
 * `client.sandbox.clock`: read and advance your test mode's clock (test keys only). An advance
 * answers at once, advancing; everything that falls due on the way then happens in time order, and the
 * clock's `sandbox_clock.ready` event comes last. `advanceAndWait` waits for it by reading the clock:
 *
 *   await client.sandbox.clock.advanceAndWait({ to: '2027-01-01T00:00:00Z' });
 */
export class SandboxClockApi {
  readonly #calls: ClockCalls;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(calls: ClockCalls, sleep: (ms: number) => Promise<void>) {
    this.#calls = calls;
    this.#sleep = sleep;
  }

  /** The clock: `now`, `status` (`ready` or `advancing`), `advancing_to`. */
  get(options?: RequestOptions): Promise<SandboxClock> {
    return this.#calls.getSandboxClock({}, options);
  }

  /** Starts an advance to `to` (a Date or an RFC 3339 time, later than now, at most 400 days on); answers the clock, advancing. */
  advance(input: { to: string | Date }, options?: RequestOptions): Promise<SandboxClock> {
    const to = input.to instanceof Date ? input.to.toISOString() : input.to;
    return this.#calls.advanceSandboxClock({ body: { to } }, options);
  }

  /** Reads the clock until it is ready (polls `pollMs`, gives up after `timeoutMs` with SandboxClockTimeoutError). */
  async waitUntilReady(options: WaitOptions = {}): Promise<SandboxClock> {
    const { pollMs = 500, timeoutMs = 120_000, ...request } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const clock = await this.get(request);
      if (clock.status === 'ready') return clock;
      if (Date.now() >= deadline) throw new SandboxClockTimeoutError(clock, timeoutMs);
      await this.#sleep(pollMs);
    }
  }

  /** `advance`, then `waitUntilReady`: the clock at `to`, every event of the advance recorded. */
  async advanceAndWait(input: { to: string | Date }, options: WaitOptions = {}): Promise<SandboxClock> {
    const { pollMs, timeoutMs, ...request } = options;
    await this.advance(input, request);
    return this.waitUntilReady({ ...request, pollMs, timeoutMs, idempotencyKey: undefined });
  }
}
