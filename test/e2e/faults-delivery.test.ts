import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashDuringDeliveries } from '../../proof/faults-delivery';
import { receiverDownForADay } from '../../proof/faults-delivery-outage';
import { freePort } from '../../infra/local/dynamodb-local';
import type { EndpointFigures } from '../../proof/webhook-receivers';

/** What must be zero for every endpoint: the rest (deliveries, duplicates under the same webhook-id) may vary. */
const zeroes = (f: EndpointFigures) => ({
  endpoint: f.endpoint,
  outOfOrder: f.outOfOrder,
  lost: f.lost,
  invalid: f.invalid,
  unexpected: f.unexpected,
});

describe('delivery faults, in their short form (npm run faults runs the full one)', () => {
  it('delivers every event of the log to every endpoint, in order, when the runtime is killed mid-delivery and restarted', async () => {
    const report = await crashDuringDeliveries({
      localDir: mkdtempSync(join(tmpdir(), 'partner-api-delivery-crash-')),
      port: await freePort(),
      kills: 2,
      workers: 2,
      deliveriesBetweenKills: 15,
    });
    expect(report.endpoints).toHaveLength(3);
    for (const f of report.endpoints) {
      expect(f.eventsChecked).toBeGreaterThan(0);
      expect(zeroes(f)).toEqual({ endpoint: f.endpoint, outOfOrder: 0, lost: [], invalid: 0, unexpected: 0 });
    }
  }, 400_000);

  it('delivers every event, in order, without disabling the endpoint, after the receivers were down for a simulated day (production schedule)', async () => {
    const report = await receiverDownForADay({
      localDir: mkdtempSync(join(tmpdir(), 'partner-api-delivery-outage-')),
      port: await freePort(),
    });
    expect(report.outageHours).toBeGreaterThanOrEqual(24);
    expect(Object.values(report.statuses)).toEqual(['enabled', 'enabled']);
    // The 1-day warning went to the owner's outbox, once per endpoint; no 3-day warning, no disable.
    expect(report.mails.sort()).toEqual(report.endpoints.map((f) => `Webhook endpoint ${f.endpoint} has been failing for 1 day`).sort());
    for (const f of report.endpoints) {
      expect(f.eventsChecked).toBeGreaterThan(0);
      expect(zeroes(f)).toEqual({ endpoint: f.endpoint, outOfOrder: 0, lost: [], invalid: 0, unexpected: 0 });
    }
    // The receiver behind the 503 proxy saw the head event again on its retries, under its own webhook-id (invalid = 0 above).
    expect(report.endpoints[1].duplicates).toBeGreaterThan(0);
  }, 400_000);
});
