import { mockStore } from '../support/aws-mock';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { resetDbClient } from '../../lib/store/client';
import { fixedAssetsOf } from '../../lib/store/entities/fixed-asset';
import { createFixedAsset } from '../../lib/fixed-assets/fixed-assets';
import { MAX_FIXED_ASSETS_PER_COMPANY } from '../../lib/resources/list-caps';

/**
 * The lists without a page block: a company's register is read past DynamoDB's
 * 1 MB page, and holds at most MAX_FIXED_ASSETS_PER_COMPANY assets (a creation past it is refused).
 */
const ddb = mockStore();
const scope = { partnerId: 'ptr_1', mode: 'test' as const };
const asset = (i: number) => ({
  pk: 'FXA#x',
  sk: `fxa_${i}`,
  entity: 'fixed_asset',
  id: `fxa_${i}`,
  company: 'cmp_1',
  title: `asset ${i}`,
});

beforeEach(() => {
  resetDbClient();
  ddb.reset();
  process.env.TABLE_NAME = 'test-table';
});

describe('fixed assets', () => {
  it('reads the whole register when a Query stops at 1 MB (LastEvaluatedKey), not its first page only', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [asset(1), asset(2)], LastEvaluatedKey: { pk: 'FXA#x', sk: 'fxa_2' } })
      .resolvesOnce({ Items: [asset(3)] });
    expect((await fixedAssetsOf(scope, 'cmp_1')).map((a) => a.id)).toEqual(['fxa_1', 'fxa_2', 'fxa_3']);
    expect(ddb.commandCalls(QueryCommand)[1].args[0].input.ExclusiveStartKey).toEqual({ pk: 'FXA#x', sk: 'fxa_2' });
  });

  it(`refuses an asset past ${MAX_FIXED_ASSETS_PER_COMPANY} with the envelope, before numbering or writing it`, async () => {
    ddb.on(GetCommand).resolves({ Item: { entity: 'company', id: 'cmp_1', status: 'active', shareholders: [] } });
    ddb.on(QueryCommand).resolves({ Items: Array.from({ length: MAX_FIXED_ASSETS_PER_COMPANY }, (_, i) => asset(i)) });
    await expect(
      createFixedAsset(scope, 'cmp_1', { title: 'One more', placed_in_service: '2026-01-01', cost: 100 } as never),
    ).rejects.toMatchObject({ code: 'invalid_request', status: 400, errors: [{ validation_type: 'maxItems' }] });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
