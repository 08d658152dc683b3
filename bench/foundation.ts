import { GetCommand } from '../lib/store/dynamodb';
import { db, tableName } from '../lib/store/client';
import { partnerKey } from '../lib/store/keys';
import { percentile, round, timeSequential } from './stats';
import type { Bench } from './types';

/** GET /v1/me over HTTP (auth, rate limit, version: 3 DynamoDB calls) beside one bare GetItem. */
export const foundationBench: Bench = async ({ credentials }) => {
  const me = await timeSequential(300, () =>
    fetch(`${credentials.base_url}/me`, { headers: { Authorization: `Bearer ${credentials.test_key}` } }).then((r) => r.arrayBuffer()),
  );
  const getItem = await timeSequential(300, () =>
    db().send(new GetCommand({ TableName: tableName(), Key: partnerKey(credentials.partner_id) })),
  );
  const rows = [50, 99].map((p) => {
    const value = round(percentile(me, p));
    const baseline = round(percentile(getItem, p));
    return {
      name: `GET /v1/me p${p}`,
      value,
      unit: 'ms',
      baseline,
      baselineName: `bare SDK GetItem p${p}`,
      ratio: round(value / baseline),
    };
  });
  return rows;
};
