import { setClock } from '../../lib/clock';

/** Runs `fn` with the project's settable clock (lib/clock.ts) at `time` (ms), and puts it back after. */
export async function atTime<T>(time: number, fn: () => Promise<T>): Promise<T> {
  const restore = setClock(() => new Date(time));
  try {
    return await fn();
  } finally {
    restore();
  }
}
