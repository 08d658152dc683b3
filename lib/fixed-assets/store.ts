import { DeleteCommand, QueryCommand, UpdateCommand } from '../store/dynamodb';
import { nowIso } from '../clock';
import { resourceMissing } from '../errors';
import { newId } from '../ids';
import { db, tableName } from '../store/client';
import { fixedAssetCounterKey, fixedAssetKey, fixedAssetsOfCompany } from '../store/keys';
import { livemode, type Scope } from '../scope';
import { commit } from '../event-log/commit';
import { WriteSet } from '../store/write-set';
import { getCompany } from '../store/entities/company';
import { depreciableBasis, type CreateFixedAssetBody, type FixedAssetRecord } from './fixed-asset';
import { recordOf } from '../store/entity';
import { getItem, type ReadTogether } from '../store/read-together';

/**
 * A company's fixed assets live in one partition per company (`FXA#<scope>#<company>`, sk the asset
 * id), so listing is one Query and another partner's or mode's asset is simply not found. `number`
 * (FA-0001, …) comes from a counter in the same partition, never reused after a delete.
 */
export async function createFixedAsset(scope: Scope, companyId: string, body: CreateFixedAssetBody): Promise<FixedAssetRecord> {
  if (!(await getCompany(scope, companyId))) throw resourceMissing('company', companyId);
  const counter = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: fixedAssetCounterKey(scope, companyId),
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': 'n' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const businessUse = body.business_use ?? 100;
  const record: FixedAssetRecord = {
    id: newId('fixedAsset'),
    number: `FA-${String(counter.Attributes!.n).padStart(4, '0')}`,
    company: companyId,
    title: body.title,
    livemode: livemode(scope),
    created_at: nowIso(),
    placed_in_service: body.placed_in_service,
    cost: body.cost,
    salvage_value: body.salvage_value ?? 0,
    business_use: businessUse,
    depreciable_basis: depreciableBasis(body.cost, businessUse),
  };
  const ws = new WriteSet(scope, tableName());
  ws.put({ ...fixedAssetKey(scope, companyId, record.id), entity: 'fixed_asset', ...record }, { expression: 'attribute_not_exists(pk)' });
  await commit(ws);
  return record;
}

const strip = (item: Record<string, unknown>) => recordOf<FixedAssetRecord>(item);

export async function listFixedAssets(scope: Scope, companyId: string): Promise<FixedAssetRecord[] | undefined> {
  const [company, res] = await Promise.all([
    getCompany(scope, companyId),
    db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :fxa)',
        ExpressionAttributeValues: { ':pk': fixedAssetsOfCompany(scope, companyId), ':fxa': 'fxa_' },
      }),
    ),
  ]);
  if (!company) return undefined;
  return (res.Items ?? []).map(strip).sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

export async function getFixedAsset(
  scope: Scope,
  companyId: string,
  assetId: string,
  together?: ReadTogether,
): Promise<FixedAssetRecord | undefined> {
  const item = await getItem(tableName(), fixedAssetKey(scope, companyId, assetId), { together });
  return item ? strip(item) : undefined;
}

/** Removes an asset from the register; the deleted record is returned once. */
export async function deleteFixedAsset(scope: Scope, companyId: string, assetId: string): Promise<FixedAssetRecord | undefined> {
  const res = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: fixedAssetKey(scope, companyId, assetId), ReturnValues: 'ALL_OLD' }),
  );
  return res.Attributes ? strip(res.Attributes) : undefined;
}
