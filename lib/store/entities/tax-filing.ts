import { defineEntity } from '../entity';
import { equals, itemAbsent } from '../expression';
import { taxFilingByIdIndex, taxFilingGuardKey, taxFilingsOfCompany } from '../keys';
import { queryEvery } from '../query';
import { readByIdIndex } from '../read-by-id-index';
import type { Scope } from '../../scope';
import type { TaxFiling } from '../../resources/tax-filing';
import type { Guard, WriteSet } from '../write-set';

/**
 * A tax filing: in its company's partition (`TF#…`, sk `<created_at>#<id>`, newest last), found by id
 * through gsi1, and kept one per company, kind and year by a guard item. `revision` (internal) makes
 * every change conditioned on the one that was read.
 */
const taxFilingEntity = defineEntity<TaxFiling>({
  name: 'tax_filing',
  key: (scope, f) => ({ pk: taxFilingsOfCompany(scope, f.company), sk: `${f.created_at}#${f.id}` }),
  indexes: (scope, f) => {
    const byId = taxFilingByIdIndex(scope, f.id);
    return { gsi1pk: byId.pk, gsi1sk: byId.sk };
  },
  internal: ['revision'],
});

/**
 * A new filing and the guard that keeps it the only one of its company, kind and year: `onTaken`
 * when one is open already.
 */
export function addTaxFilingCreation(ws: WriteSet, scope: Scope, filing: TaxFiling, onTaken: () => Error): void {
  ws.put(
    { ...taxFilingGuardKey(scope, filing.company, filing.kind, filing.year), entity: 'tax_filing_guard', tax_filing_id: filing.id },
    { condition: itemAbsent(), onFailed: onTaken },
  );
  ws.put({ ...taxFilingEntity.item(scope, filing), revision: 1 }, { condition: itemAbsent() });
}

/** Where a filing was read: its item's key and the revision it was at. */
export interface TaxFilingRead {
  key: { pk: string; sk: string };
  revision: number;
}

/** A filing rewritten where it was read, only if it is still at the revision read, with the revision bumped. */
export function addTaxFilingChange(ws: WriteSet, scope: Scope, next: TaxFiling, read: TaxFilingRead, onChanged: () => Error): void {
  const guard: Guard = { condition: equals('revision', read.revision), onFailed: onChanged };
  ws.put({ ...taxFilingEntity.item(scope, next), revision: read.revision + 1, ...read.key }, guard);
}

/** taxFilingById (its item read consistently once the id index names it), with where it was read. */
export async function taxFilingById(scope: Scope, id: string): Promise<{ filing: TaxFiling; read: TaxFilingRead } | undefined> {
  const found = await readByIdIndex(taxFilingByIdIndex(scope, id));
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
