import { tableName } from '../client';
import { getItem, type ReadBatch } from '../read-batch';
import { defineEntity } from '../entity';
import { companyExternalIdKey, companyIndexes, companyKey, JOB_SHARDS, listSortKey, openCompaniesIndex, shardOf } from '../keys';
import type { Mode, Scope } from '../../scope';
import { type QueryPage, queryEvery, queryPagesOf } from '../query';
import type { Guard, WriteSet } from '../write-set';
import { allOf, equals, itemAbsent, itemPresent, notEquals } from '../expression';
import { companyChangedAt, type CompanyRecord } from '../../resources/company';
import { metadataAsText } from '../metadata-attribute';
import { TABLE_KEYS } from '../table-definition';

/**
 * The company's count of open requirements (spec Company `open_requirements`, "computed at read
 * time"), kept on the company item so the company and its count are one read. Moved by `ADD` in every
 * transaction that opens or closes a requirement, which does not bump `version`; a company change SETs
 * the company's attributes, never this one (`addCompanyWrite`), so neither loses the other's write
 * (docs/decisions.md, "Requirements"). Never part of the record: read it with `openRequirementsOf`.
 */
export const OPEN_REQUIREMENTS = 'open_requirements';

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
  internal: [OPEN_REQUIREMENTS],
});

/** The open-requirement count a stored company item carries (absent: none opened yet, as `ADD` reads it). */
export const openRequirementsOf = (item: Record<string, unknown> | undefined): number =>
  (item?.[OPEN_REQUIREMENTS] as number | undefined) ?? 0;

/** A new company's item: its record, with no requirement open yet (its own transaction's opened ones join it). */
export const newCompanyItem = (scope: Scope, record: CompanyRecord) => ({ ...companyEntity.item(scope, record), [OPEN_REQUIREMENTS]: 0 });

/** companyById, within the caller's partner and mode: another partner's or mode's id is simply absent. */
export async function getCompany(
  scope: Scope,
  companyId: string,
  options: { consistent?: boolean } = {},
): Promise<CompanyRecord | undefined> {
  const item = await getItem(tableName(), companyKey(scope, companyId), { consistent: options.consistent });
  return item ? companyEntity.record(item) : undefined;
}

/**
 * The company and its open-requirement count (spec Company `open_requirements`, "computed at read
 * time") in ONE consistent read of the company item, in the request's shared read when `batch` is
 * given: GET /companies/{id} in one round trip (docs/decisions.md, "Round trips of a request").
 */
export async function getCompanyAndOpenCount(
  scope: Scope,
  companyId: string,
  batch?: ReadBatch,
): Promise<{ record: CompanyRecord | undefined; open: number }> {
  const item = await getItem(tableName(), companyKey(scope, companyId), { batch, consistent: true });
  return { record: item ? companyEntity.record(item) : undefined, open: openRequirementsOf(item) };
}

/** `open_requirements` of a company: its count alone, one consistent GetItem of the company item, however long its history. */
export async function openRequirementCount(scope: Scope, companyId: string): Promise<number> {
  return openRequirementsOf(
    await getItem(tableName(), companyKey(scope, companyId), { consistent: true, attributes: [OPEN_REQUIREMENTS] }),
  );
}

/**
 * Moves the company's open-requirement count by `delta` in this transaction (an add, with `guard`
 * when given). The WriteSet joins it to whatever else the transaction does to the company item
 * (lib/store/write-set.ts): several requirements opened together move it once, by their sum.
 */
export function moveOpenRequirements(ws: WriteSet, scope: Scope, companyId: string, delta: number, guard?: Guard): void {
  if (delta === 0 && !guard) return;
  ws.update(companyKey(scope, companyId), { add: { [OPEN_REQUIREMENTS]: delta } }, guard);
}

/** Another writer changed the company after it was read: re-read and retry the operation. */
export class CompanyChanged extends Error {
  constructor(readonly companyId: string) {
    super(`company ${companyId} changed concurrently`);
  }
}

/**
 * Adds an update of a company to a WriteSet: the item rewritten from `next` (`addCompanyWrite`),
 * conditioned on the version that was read, with `version` bumped, `updated_at` set and `last_modified`
 * moved on (`companyChangedAt`). A concurrent
 * change makes the commit throw `CompanyChanged` (or what `onConflict` returns).
 */
export function addCompanyUpdate(
  ws: WriteSet,
  scope: Scope,
  read: CompanyRecord,
  next: CompanyRecord,
  updatedAt: string,
  onConflict?: () => Error,
): CompanyRecord {
  const written = companyChangedAt(read, next, updatedAt);
  addCompanyWrite(ws, scope, read, written, {
    condition: equals('version', read.version),
    onFailed: onConflict ?? (() => new CompanyChanged(read.id)),
  });
  return written;
}

/** The table's keys: an UpdateItem names them in `Key`, never sets them. */
const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);

/**
 * Writes a company as `written` has it, where it was `read`: one update that sets every attribute of
 * its item (indexes included) and removes those `read`'s item had and `written`'s has not, under
 * `guard`. Never the open-requirement count: requirements move it concurrently without bumping
 * `version`, so a whole-item Put conditioned on `version` would pass and write back the count it read
 * (docs/decisions.md, "Requirements").
 */
export function addCompanyWrite(ws: WriteSet, scope: Scope, read: CompanyRecord, written: CompanyRecord, guard: Guard): void {
  const after = companyEntity.item(scope, written);
  const before = companyEntity.item(scope, read);
  const own = (name: string) => !KEY_ATTRIBUTES.has(name) && name !== OPEN_REQUIREMENTS;
  const set = Object.fromEntries(Object.entries(after).filter(([name, value]) => own(name) && value !== undefined));
  const remove = Object.entries(before)
    .filter(([name, value]) => own(name) && value !== undefined && after[name] === undefined)
    .map(([name]) => name);
  ws.update(companyKey(scope, written.id), { set, remove }, guard);
}

/** The company was dissolved (or vanished) between the read and the write. */
export class CompanyDissolvedMeanwhile extends Error {
  constructor(readonly companyId: string) {
    super(`company ${companyId} was dissolved concurrently`);
  }
}

/** The company still exists and is not dissolved (a dissolved company is final): else `CompanyDissolvedMeanwhile`. */
export function companyNotDissolved(companyId: string): Guard {
  return {
    condition: allOf(itemPresent(), notEquals('status', 'dissolved')),
    onFailed: () => new CompanyDissolvedMeanwhile(companyId),
  };
}

/**
 * Conditions a transaction that does not write the company item on the company still existing and
 * not dissolved. A transaction that also writes or moves the company item gets one action on it: the
 * WriteSet joins the two (lib/store/write-set.ts).
 */
export function addCompanyNotDissolvedCheck(ws: WriteSet, scope: Scope, companyId: string): void {
  ws.check(companyKey(scope, companyId), companyNotDissolved(companyId));
}

/**
 * openCompaniesByShard (gsi4, sparse: a dissolved company leaves it): the open companies of a mode on
 * one shard, page by page, each with what its calendar is computed from (`gsi4sk` names the
 * partner: `<partner>#<company>`); of one partner only when `onlyPartner` is given.
 */
export function openCompaniesOfShard(mode: Mode, shard: number, onlyPartner?: string): AsyncGenerator<QueryPage> {
  const index = openCompaniesIndex(mode, shard);
  return queryPagesOf({
    partition: index.pk,
    index: index.index,
    sortKey: onlyPartner ? { beginsWith: `${onlyPartner}#` } : undefined,
    attributes: ['gsi4sk', 'id', 'state', 'entity_type', 'created_at', 'incorporated_at', 'status'],
  });
}

/**
 * companyByExternalId's guard item: `externalId` held by `companyId`, written only where no company of
 * the partner and mode holds it (else `taken()`), in the caller's transaction.
 */
export function addCompanyExternalIdGuard(ws: WriteSet, scope: Scope, companyId: string, externalId: string, taken: () => Error): void {
  ws.put(
    { ...companyExternalIdKey(scope, externalId), entity: 'company_external_id', company_id: companyId },
    { condition: itemAbsent(), onFailed: taken },
  );
}

/** The company's guard of `externalId` removed (the value free again), only while it is that company's. */
export function removeCompanyExternalIdGuard(ws: WriteSet, scope: Scope, companyId: string, externalId: string): void {
  ws.delete(companyExternalIdKey(scope, externalId), { condition: equals('company_id', companyId) });
}

/** companyByExternalId: the id of the company its guard item points at (`external_id` is unique per partner and mode). */
export async function companyIdByExternalId(scope: Scope, externalId: string): Promise<string | undefined> {
  const guard = await getItem(tableName(), companyExternalIdKey(scope, externalId));
  return guard?.company_id as string | undefined;
}

/** Whether a company holds the name whose guard item is at `nameGuard` (companyNameKey), read consistently. */
export async function companyNameHeld(nameGuard: { pk: string; sk: string }): Promise<boolean> {
  return (await getItem(tableName(), nameGuard, { consistent: true, attributes: ['pk'] })) !== undefined;
}

/**
 * openCompaniesByShard of one partner and mode: every company not dissolved (the reminder job's list,
 * read for one partner: a sandbox clock's advance).
 */
export async function openCompaniesOfPartner(scope: Scope): Promise<CompanyRecord[]> {
  const shards = await Promise.all(
    Array.from({ length: JOB_SHARDS }, (_, shard) => {
      const index = openCompaniesIndex(scope.mode, shard);
      return queryEvery({ partition: index.pk, index: index.index, sortKey: { beginsWith: `${scope.partnerId}#` } });
    }),
  );
  return shards.flat().map(companyEntity.record);
}
