import { defineEntity } from '../entity';
import { taxFilingGuardKey, taxFilingPointerKey, taxFilingsOfCompany } from '../keys';
import { queryEvery } from '../query';
import { addIdPointer, readById } from '../read-by-id';
import type { Scope } from '../../scope';
import type { TaxFiling } from '../../resources/tax-filing';
import type { Guard, WriteSet } from '../write-set';

/**
 * A tax filing: in its company's partition (`TF#…`, sk `<created_at>#<id>`, newest last), found by id
 * through its pointer (lib/store/read-by-id.ts), and kept one per company, kind and year by a guard item. `revision` (internal) makes
 * every change conditioned on the one that was read.
 */
const taxFilingEntity = defineEntity<TaxFiling, { revision: number }>({
  name: 'tax_filing',
  key: (scope, f) => ({ pk: taxFilingsOfCompany(scope, f.company), sk: `${f.created_at}#${f.id}` }),
  internal: ['revision'],
});

/** The guard that keeps one filing per company, kind and year: it names the filing that holds the place. */
const taxFilingGuardEntity = defineEntity<{ company: string; kind: string; year: number; tax_filing_id: string }>({
  name: 'tax_filing_guard',
  key: (scope, g) => taxFilingGuardKey(scope, g.company, g.kind, g.year),
  keyOnly: ['company', 'kind', 'year'],
});

/**
 * A new filing and the guard that keeps it the only one of its company, kind and year: `onTaken`
 * when one is open already.
 */
export function addTaxFilingCreation(ws: WriteSet, scope: Scope, filing: TaxFiling, onTaken: () => Error): void {
  ws.put(taxFilingGuardEntity.item(scope, { company: filing.company, kind: filing.kind, year: filing.year, tax_filing_id: filing.id }), {
    condition: taxFilingGuardEntity.where.absent(),
    onFailed: onTaken,
  });
  const item = { ...taxFilingEntity.item(scope, filing), revision: 1 };
  ws.put(item, { condition: taxFilingEntity.where.absent() });
  addIdPointer(ws, taxFilingPointerKey(scope, filing.id), 'tax_filing_pointer', item);
}

/** Where a filing was read: its item's key and the revision it was at. */
export interface TaxFilingRead {
  key: { pk: string; sk: string };
  revision: number;
}

/** A filing rewritten where it was read, only if it is still at the revision read, with the revision bumped. */
export function addTaxFilingChange(ws: WriteSet, scope: Scope, next: TaxFiling, read: TaxFilingRead, onChanged: () => Error): void {
  const guard: Guard = { condition: taxFilingEntity.where.equals('revision', read.revision), onFailed: onChanged };
  ws.put({ ...taxFilingEntity.item(scope, next), revision: read.revision + 1, ...read.key }, guard);
}

/** taxFilingById (its pointer, then the item, both read consistently), with where it was read. */
export async function taxFilingById(scope: Scope, id: string): Promise<{ filing: TaxFiling; read: TaxFilingRead } | undefined> {
  const found = await readById(taxFilingPointerKey(scope, id));
  if (!found) return undefined;
  return {
    filing: taxFilingEntity.record(found.item),
    read: { key: found.key, revision: (found.item.revision as number | undefined) ?? 0 },
  };
}

/** taxFilingsOfCompany: newest first. */
export async function taxFilingsOfCompanyList(scope: Scope, companyId: string): Promise<TaxFiling[]> {
  const items = await queryEvery({ partition: taxFilingsOfCompany(scope, companyId), newestFirst: true });
  return items.map(taxFilingEntity.record);
}
