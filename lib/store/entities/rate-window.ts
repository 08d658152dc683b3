import { UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { renderExpressions } from '../expression';
import { defineEntity } from '../entity';
import { rateWindowKey } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';

/**
 * A rate-limit window: one item per subject (an API key's secret hash, or an address for keyless
 * callers) and minute, holding the minute's total (`m`) and a count per second (`s<second>`), and
 * when it was last counted in (`last_at`); it expires after three minutes. Every API call counts
 * itself here (lib/rate-limit/count-request.ts), so IAM grants this module's one write on `RATE#`
 * items alone (infra/aws/access/narrowed-modules.ts): it sends its own command.
 */

/** A window as stored: the minute's total, each second's count (`s0`…`s59`), the last count's time. */
type RateWindow = { subject: string; minute: number; m: number; last_at: string } & { [second: `s${number}`]: number };

/**
 * Only ever made and changed by one UpdateItem (ADD), so its items carry no `entity` attribute; the
 * key is the subject and its minute, never stored beside it.
 */
const rateWindowEntity = defineEntity<RateWindow, { [TTL_ATTRIBUTE]: number }>({
  name: 'rate_window',
  key: (_scope, w) => rateWindowKey(w.subject, w.minute),
  keyOnly: ['subject', 'minute'],
  internal: [TTL_ATTRIBUTE],
});

/**
 * Adds `size` places to the second's and `size - givenBack` to the minute's window of `subject` at
 * `at` (ONE UpdateItem): both windows' totals after it.
 */
export async function addToRateWindows(
  subject: string,
  at: Date,
  size: number,
  givenBack: number,
): Promise<{ minute: number; second: number }> {
  const epochSecond = Math.floor(at.getTime() / 1000);
  const minute = Math.floor(epochSecond / 60);
  const second = `s${epochSecond % 60}` as const;
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rateWindowKey(subject, minute),
      ...renderExpressions(
        rateWindowEntity.update({
          add: { m: size - givenBack, [second]: size },
          set: { [TTL_ATTRIBUTE]: minute * 60 + 180, last_at: at.toISOString() },
        }),
        [],
      ),
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const attrs = res.Attributes ?? {};
  return { minute: Number(attrs.m ?? size), second: Number(attrs[second] ?? size) };
}
