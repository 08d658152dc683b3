import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashDuringCreates } from '../../proof/faults';
import { freePort } from '../../infra/local/dynamodb-local';

describe('faults, in their short form (npm run faults runs the full one)', () => {
  it('loses no acknowledged create and leaves no half-written company when the runtime is killed mid-creates', async () => {
    const report = await crashDuringCreates({
      localDir: mkdtempSync(join(tmpdir(), 'partner-api-crash-')),
      port: await freePort(),
      workers: 4,
      killAfterMs: 1500,
      // The keys the kill leaves locked lapse in 5 s rather than a minute: the restart alone takes longer,
      // so the retries below answer at once instead of waiting (npm run faults keeps the minute).
      lockMs: 5000,
    });
    expect(report.acknowledged).toBeGreaterThan(0);
    // Every request the kill cut off got its answer once retried with its key (none given up on).
    expect(report.retriedAfterRestart).toBe(report.inFlightAtKill);
    expect(report.lost).toEqual([]);
    expect(report.duplicatedEvents).toEqual([]);
    expect(report.missingEvents).toEqual([]);
    expect(report.halfWritten).toEqual([]);
  }, 400_000);
});
