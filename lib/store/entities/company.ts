import { GetCommand } from '../dynamodb';
import { tableName, db } from '../client';
import { batchGetItems, itemAt, type ReadTogether } from '../read-together';
import { defineEntity } from '../entity';
import { companyIndexes, companyKey, listSortKey, openCompaniesIndex, openRequirementCounterKey, shardOf } from '../keys';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';
import type { CompanyRecord } from '../../resources/company';
import { metadataAsText } from '../metadata-attribute';

/**
 * The company item: its record and the index attributes of companiesOfPartner (gsi1),
 * companiesOfAccount (gsi2), companiesOfPartnerByStatus (gsi3) and, while open, the reminder job's
 * openCompaniesByShard (gsi4; sparse: a dissolved company has no deadlines left, so its item drops off
 * the list by being rewritten). Always build the item here, so a status change moves the company
 * between status listings by itself. `metadata` is kept as JSON text (lib/store/metadata-attribute.ts).
 */
export const companyEntity = defineEntity<CompanyRecord>({
  name: 'company',
  key: (scope, record) => companyKey(scope, record.id),
  indexes: (scope, record) => {
    const sk = listSortKey(record.created_at, record.id);
    return {
      gsi1pk: companyIndexes.all(scope).pk,
      gsi1sk: sk,
      gsi2pk: companyIndexes.account(scope, record.account_id).pk,
      gsi2sk: sk,
      gsi3pk: companyIndexes.status(scope, record.status).pk,
      gsi3sk: sk,
      ...(record.status === 'dissolved'
        ? {}
        : { gsi4pk: openCompaniesIndex(scope.mode, shardOf(record.id)).pk, gsi4sk: `${scope.partnerId}#${record.id}` }),
    };
  },
  codec: metadataAsText,
});

/** companyById, within the caller's partner and mode: another partner's or mode's id is simply absent. */
export async function getCompany(
  scope: Scope,
  companyId: string,
  options: { consistent?: boolean } = {},
): Promise<CompanyRecord | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: companyKey(scope, companyId), ConsistentRead: options.consistent }),
  );
  return res.Item ? companyEntity.record(res.Item) : undefined;
}

/**
 * The company and its open-requirement counter (spec Company `open_requirements`, "computed at read
 * time") in ONE consistent BatchGetItem instead of two GetItems, which the request's key rides in when
 * `together` is given: GET /companies/{id} in two requests (docs/decisions.md, "Where a request's time
 * goes").
 */
export async function getCompanyAndOpenCount(
  scope: Scope,
  companyId: string,
  together?: ReadTogether,
): Promise<{ record: CompanyRecord | undefined; open: number }> {
  const keys = [companyKey(scope, companyId), openRequirementCounterKey(scope, companyId)];
  const items = await (together ? together.read(keys) : batchGetItems(tableName(), keys));
  const company = itemAt(items, keys[0]);
  const counter = itemAt(items, keys[1]);
  return { record: company ? companyEntity.record(company) : undefined, open: (counter?.open as number | undefined) ?? 0 };
}

/** Another writer changed the company after it was read: re-read and retry the operation. */
export class CompanyChanged extends Error {
  constructor(readonly companyId: string) {
    super(`company ${companyId} changed concurrently`);
  }
}

/**
 * Adds an update of a company to a WriteSet: the whole item rewritten from `next`, conditioned on the
 * version that was read, with `version` bumped and `updated_at` set. A concurrent change makes the
 * commit throw `CompanyChanged` (or what `onConflict` returns).
 */
export function addCompanyUpdate(
  ws: WriteSet,
  scope: Scope,
  read: CompanyRecord,
  next: CompanyRecord,
  updatedAt: string,
  onConflict?: () => Error,
): CompanyRecord {
  const written: CompanyRecord = { ...next, version: read.version + 1, updated_at: updatedAt };
  ws.put(companyEntity.item(scope, written), {
    expression: '#v = :v',
    names: { '#v': 'version' },
    values: { ':v': read.version },
    onFailed: onConflict ?? (() => new CompanyChanged(read.id)),
  });
  return written;
}
