import { nowIso } from '../clock';
import { resourceMissing } from '../errors';
import { newId } from '../ids';
import { tableName } from '../store/client';
import { livemode, type Scope } from '../scope';
import { commit } from '../event-log/commit';
import { WriteSet } from '../store/write-set';
import { getCompany } from '../store/entities/company';
import {
  addFixedAssetCreation,
  fixedAssetById,
  fixedAssetsOf,
  nextFixedAssetNumber,
  removeFixedAsset,
} from '../store/entities/fixed-asset';
import { depreciableBasis, type CreateFixedAssetBody, type FixedAssetRecord } from './fixed-asset';
import type { ReadBatch } from '../store/read-batch';
import { listCapReached, MAX_FIXED_ASSETS_PER_COMPANY } from '../resources/list-caps';

/** A new asset on the company's register, numbered FA-0001, FA-0002… (lib/store/entities/fixed-asset.ts). */
export async function createFixedAsset(scope: Scope, companyId: string, body: CreateFixedAssetBody): Promise<FixedAssetRecord> {
  const [company, held] = await Promise.all([getCompany(scope, companyId), fixedAssetsOf(scope, companyId)]);
  if (!company) throw resourceMissing('company', companyId);
  if (held.length >= MAX_FIXED_ASSETS_PER_COMPANY)
    throw listCapReached(
      'fixed assets',
      MAX_FIXED_ASSETS_PER_COMPANY,
      'Remove an asset no longer held (DELETE /v1/companies/{companyID}/fixed-assets/{fixedAssetID}), then add this one.',
    );
  const number = await nextFixedAssetNumber(scope, companyId);
  const businessUse = body.business_use ?? 100;
  const record: FixedAssetRecord = {
    id: newId('fixedAsset'),
    number: `FA-${String(number).padStart(4, '0')}`,
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
  addFixedAssetCreation(ws, scope, record);
  await commit(ws);
  return record;
}

/** The company's register, newest first; undefined when there is no such company. */
export async function listFixedAssets(scope: Scope, companyId: string): Promise<FixedAssetRecord[] | undefined> {
  const [company, assets] = await Promise.all([getCompany(scope, companyId), fixedAssetsOf(scope, companyId)]);
  if (!company) return undefined;
  return assets.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

export async function getFixedAsset(
  scope: Scope,
  companyId: string,
  assetId: string,
  batch?: ReadBatch,
): Promise<FixedAssetRecord | undefined> {
  return fixedAssetById(scope, companyId, assetId, batch);
}

/** Removes an asset from the register; the deleted record is returned once. */
export async function deleteFixedAsset(scope: Scope, companyId: string, assetId: string): Promise<FixedAssetRecord | undefined> {
  return removeFixedAsset(scope, companyId, assetId);
}
