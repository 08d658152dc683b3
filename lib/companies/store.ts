import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/client';
import { companyIndexes, companyKey, listSortKey } from '../store/keys';
import type { Scope } from '../store/scope';
import type { WriteSet } from '../store/write-set';
import type { CompanyRecord } from '../resources/company';
import { renderRequirement, type Requirement } from '../resources/requirement';
import { openRequirementCount, requirementsOfCompany } from '../requirements/store';
import { openCompanyIndexAttributes } from '../calendar/open-company-index';
import { METADATA_ATTRIBUTE, metadataOfItem, storedMetadata } from '../store/metadata-attribute';

/**
 * The company item: its record and the index attributes of companiesOfPartner (gsi1),
 * companiesOfAccount (gsi2), companiesOfPartnerByStatus (gsi3) and, while open, the reminder job's
 * openCompaniesByShard (gsi4, lib/calendar/open-company-index.ts). Always build the item here, so a
 * status change moves the company between status listings by itself. `metadata` is kept as JSON text
 * (lib/store/metadata-attribute.ts).
 */
export function companyItem(scope: Scope, record: CompanyRecord): Record<string, unknown> {
  const sk = listSortKey(record.created_at, record.id);
  const { metadata, ...rest } = record;
  return {
    ...companyKey(scope, record.id),
    entity: 'company',
    ...rest,
    ...storedMetadata(metadata),
    gsi1pk: companyIndexes.all(scope).pk,
    gsi1sk: sk,
    gsi2pk: companyIndexes.account(scope, record.account_id).pk,
    gsi2sk: sk,
    gsi3pk: companyIndexes.status(scope, record.status).pk,
    gsi3sk: sk,
    ...openCompanyIndexAttributes(scope, record),
  };
}

const ITEM_ONLY = ['pk', 'sk', 'entity', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk', METADATA_ATTRIBUTE];

export function toCompanyRecord(item: Record<string, unknown>): CompanyRecord {
  const record: Record<string, unknown> = { ...item, metadata: metadataOfItem(item) };
  for (const k of ITEM_ONLY) delete record[k];
  return record as CompanyRecord;
}

/** companyById, within the caller's partner and mode: another partner's or mode's id is simply absent. */
export async function getCompany(scope: Scope, companyId: string, options: { consistent?: boolean } = {}): Promise<CompanyRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: companyKey(scope, companyId), ConsistentRead: options.consistent }));
  return res.Item ? toCompanyRecord(res.Item) : undefined;
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
export function addCompanyUpdate(ws: WriteSet, scope: Scope, read: CompanyRecord, next: CompanyRecord, updatedAt: string, onConflict?: () => Error): CompanyRecord {
  const written: CompanyRecord = { ...next, version: read.version + 1, updated_at: updatedAt };
  ws.put(companyItem(scope, written), {
    expression: '#v = :v',
    names: { '#v': 'version' },
    values: { ':v': read.version },
    onFailed: onConflict ?? (() => new CompanyChanged(read.id)),
  });
  return written;
}

/**
 * `open_requirements`, computed at read time (spec Company): one consistent GetItem of the company's
 * open-requirement counter, which every transaction that opens or closes a requirement moves
 * (lib/requirements/store.ts), so the cost does not grow with the requirement history.
 */
export async function countOpenRequirements(scope: Scope, companyId: string): Promise<number> {
  return openRequirementCount(scope, companyId);
}

/** The open requirements for `expand[]=requirements`, newest first, read consistently (lib/requirements/store.ts). */
export async function openRequirementsOf(scope: Scope, companyId: string): Promise<Requirement[]> {
  return (await requirementsOfCompany(scope, companyId, { openOnly: true })).map(renderRequirement);
}
