import { queryEvery } from '../query';
import { tableName } from '../client';
import { defineEntity } from '../entity';
import { fixedAssetCounterKey, fixedAssetKey, fixedAssetsOfCompany } from '../keys';
import { getItem, type ReadBatch } from '../read-batch';
import { deleteItem, updateItem } from '../single-item';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * The fixed-asset register (spec Resources → Fixed asset; units decided in docs/decisions.md):
 * `cost`, `salvage_value` and `depreciable_basis` are integer cents like every amount of the API;
 * `business_use` is a percentage from 0 (exclusive) to 100 with at most two decimals;
 * `depreciable_basis` is computed, never sent: the business-use share of the cost, rounded to the cent.
 */
export interface FixedAssetRecord {
  id: string;
  number: string;
  company: string;
  title: string;
  livemode: boolean;
  created_at: string;
  placed_in_service: string;
  cost: number;
  salvage_value: number;
  business_use: number;
  depreciable_basis: number;
}

/**
 * A company's fixed assets live in one partition per company (`FXA#<scope>#<company>`, sk the asset
 * id), so listing is one Query and another partner's or mode's asset is simply not found. Their
 * `number` (FA-0001, …) comes from a counter in the same partition, never reused after a delete.
 */
const fixedAssetEntity = defineEntity<FixedAssetRecord>({
  name: 'fixed_asset',
  key: (scope, record) => fixedAssetKey(scope, record.company, record.id),
});

/** A register's counter: the last number given (an item of its own in the register's partition). */
const fixedAssetCounterEntity = defineEntity<{ company: string; n: number }>({
  name: 'fixed_asset_counter',
  key: (scope, counter) => fixedAssetCounterKey(scope, counter.company),
});

/** The next number of a company's register: its counter moved by one (never reused, even after a delete). */
export async function nextFixedAssetNumber(scope: Scope, companyId: string): Promise<number> {
  const counter = await updateItem(
    fixedAssetCounterKey(scope, companyId),
    fixedAssetCounterEntity.update({ add: { n: 1 } }),
    undefined,
    'updated',
  );
  return counter!.n as number;
}

/** Adds a new asset, which must not exist yet. */
export function addFixedAssetCreation(ws: WriteSet, scope: Scope, record: FixedAssetRecord): void {
  ws.put(fixedAssetEntity.item(scope, record), { condition: fixedAssetEntity.where.absent() });
}

/**
 * fixedAssetsOfCompany: every asset of the company's register, page after page (one Query stops at
 * 1 MB; the register holds at most 1,000 assets, lib/resources/list-caps.ts).
 */
export async function fixedAssetsOf(scope: Scope, companyId: string): Promise<FixedAssetRecord[]> {
  const items = await queryEvery({ partition: fixedAssetsOfCompany(scope, companyId), sortKey: { beginsWith: 'fxa_' } });
  return items.map(fixedAssetEntity.record);
}

/** fixedAssetById, within the company (and so the partner and mode). */
export async function fixedAssetById(
  scope: Scope,
  companyId: string,
  assetId: string,
  batch?: ReadBatch,
): Promise<FixedAssetRecord | undefined> {
  const item = await getItem(tableName(), fixedAssetKey(scope, companyId, assetId), { batch });
  return item ? fixedAssetEntity.record(item) : undefined;
}

/** Removes an asset; its record as it was, or undefined when there was none. */
export async function removeFixedAsset(scope: Scope, companyId: string, assetId: string): Promise<FixedAssetRecord | undefined> {
  const item = await deleteItem(fixedAssetKey(scope, companyId, assetId));
  return item ? fixedAssetEntity.record(item) : undefined;
}
