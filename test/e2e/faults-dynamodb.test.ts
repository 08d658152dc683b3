import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dynamodbFaults, summary } from '../../proof/faults-dynamodb';
import { FAULT_KINDS } from '../../proof/dynamodb-fault-proxy';

describe('DynamoDB throttling and transaction conflicts, end to end (short form; npm run faults runs the full one)', () => {
  it("answers every request with a success or a retryable envelope, and loses, doubles and half-writes nothing, with a burst of one partner's writers", async () => {
    const report = await dynamodbFaults({
      localDir: mkdtempSync(join(tmpdir(), 'partner-api-faults-dynamodb-')),
      workers: 4,
      burst: 8,
      seconds: 12,
      rates: { throttle: 0.1, transactionConflict: 0.25, writeConflict: 0.05 },
      settleMs: 60_000,
    });
    const problems = {
      malformed: report.malformed,
      gaveUp: report.gaveUp,
      refused: report.refused,
      lost: report.lost,
      duplicated: report.duplicated,
      halfWritten: report.halfWritten,
      logInconsistent: report.logInconsistent,
      undelivered: report.undelivered,
      outOfOrder: report.outOfOrder,
    };
    expect({ summary: summary(report), ...problems }).toEqual({
      summary: summary(report),
      malformed: [],
      gaveUp: [],
      refused: [],
      lost: [],
      duplicated: [],
      halfWritten: [],
      logInconsistent: [],
      undelivered: [],
      outOfOrder: [],
    });
    expect(FAULT_KINDS.reduce((n, k) => n + report.injected[k], 0)).toBeGreaterThan(0);
    expect(report.acknowledgedCreates).toBeGreaterThan(0);
    expect(report.eventsChecked).toBeGreaterThan(report.acknowledgedCreates);
  }, 400_000);
});
