import { nowIso } from '../clock';
import { ApiError, capitalised, resourceMissing, withArticle } from '../errors';
import { newId } from '../ids';
import { tableName } from '../store/client';
import { commit } from '../event-log/commit';
import { addTaxFilingChange, addTaxFilingCreation, taxFilingById, taxFilingsOfCompanyList } from '../store/entities/tax-filing';
import { livemode, type Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { previousAttributes } from '../resources/previous-attributes';
import { CompanyChanged, getCompany } from '../store/entities/company';
import { addEntitlementChange } from '../entitlements/change-entitlements';
import {
  canAdvance,
  entitlementOf,
  nextFilingStatus,
  nextFilingStatuses,
  type TaxFiling,
  type TaxFilingKind,
  type TaxFilingStatus,
} from './tax-filing';

class FilingChanged extends Error {}

/**
 * Opens a filing (operator; sandbox POST /sandbox/companies/{id}/tax-filings): consumes one
 * `<kind>_tax_filing` right in the same transaction (`tax_filing.created`,
 * `company.entitlements.changed`). None left: `entitlement_required`. One filing per company, kind and
 * year (`resource_already_exists`). Concurrent openings never spend one right twice: the company
 * rewrite is conditioned on the version read, and the loser re-reads the count.
 */
export async function openTaxFiling(scope: Scope, companyId: string, input: { kind: TaxFilingKind; year: number }): Promise<TaxFiling> {
  for (let attempt = 1; ; attempt++) {
    const company = await getCompany(scope, companyId, { consistent: true });
    if (!company) throw resourceMissing('company', companyId);
    const at = nowIso();
    const filing: TaxFiling = {
      object: 'tax_filing',
      id: newId('taxFiling'),
      company: companyId,
      kind: input.kind,
      year: input.year,
      status: 'open',
      progress: 'opened',
      livemode: livemode(scope),
      created_at: at,
      updated_at: at,
    };
    const ws = new WriteSet(scope, tableName());
    addEntitlementChange(ws, scope, company, entitlementOf(input.kind), -1, at);
    addTaxFilingCreation(
      ws,
      scope,
      filing,
      () =>
        new ApiError(
          'resource_already_exists',
          `${capitalised(withArticle(input.kind))} filing for ${input.year} is already open for this company.`,
          [
            {
              reason: `${withArticle(input.kind)} filing for ${input.year} is already open`,
              location: '$.year',
              validation_type: 'unique',
              how_to_fix: `Read the open one with GET /v1/companies/${companyId}/tax-filings, or open one for another year, such as {"kind": "${input.kind}", "year": ${input.year - 1}}.`,
            },
          ],
        ),
    );
    ws.recordEvent({ type: 'tax_filing.created', companyId, resource: filing });
    try {
      await commit(ws);
      return filing;
    } catch (error) {
      if (error instanceof CompanyChanged && attempt < 8) continue;
      throw error;
    }
  }
}

export async function getTaxFiling(
  scope: Scope,
  id: string,
): Promise<(TaxFiling & { revision?: number; key?: { pk: string; sk: string } }) | undefined> {
  const found = await taxFilingById(scope, id);
  if (!found) return undefined;
  return { ...found.filing, revision: found.read.revision, key: found.read.key };
}

export async function taxFilingsOf(scope: Scope, companyId: string): Promise<TaxFiling[]> {
  return taxFilingsOfCompanyList(scope, companyId);
}

/**
 * Moves a filing's `status` and/or `progress` forward: `tax_filing.status.changed`. Neither given, the
 * filing takes its next step (an advance that answered 200 and changed nothing fired no event, so a
 * sandbox integration waiting for `tax_filing.status.changed` waited for ever); from a final status
 * that is refused like any move out of it.
 */
export async function advanceTaxFiling(
  scope: Scope,
  id: string,
  input: { status?: TaxFilingStatus; progress?: string },
): Promise<TaxFiling> {
  for (let attempt = 1; ; attempt++) {
    const current = await getTaxFiling(scope, id);
    if (!current) throw resourceMissing('tax filing', id);
    const { revision, key, ...filing } = current;
    const bare = input.status === undefined && input.progress === undefined;
    const step = bare ? nextFilingStatus(filing.status) : undefined;
    if (bare && !step) {
      throw new ApiError('invalid_request', `${capitalised(withArticle(filing.status))} filing is final: it has no next step.`, [
        {
          reason: `${filing.status} is final`,
          location: '$.status',
          validation_type: 'state',
          how_to_fix: `Nothing more to move: ${filing.status} is final. To follow another filing from the start, open one with POST /v1/sandbox/companies/${filing.company}/tax-filings, such as {"kind": "${filing.kind}", "year": ${filing.year - 1}}.`,
        },
      ]);
    }
    const status = input.status ?? step ?? filing.status;
    if (!canAdvance(filing.status, status)) {
      const next = nextFilingStatuses(filing.status);
      throw new ApiError('invalid_request', `${capitalised(withArticle(filing.status))} filing cannot move to ${status}.`, [
        {
          reason: `cannot move from ${filing.status} to ${status}`,
          location: '$.status',
          validation_type: 'state',
          how_to_fix: next.length
            ? `Move it forward (open → in_progress → filed → accepted or rejected), such as {"status": "${next[0]}"}.`
            : `Nothing more to move: ${filing.status} is final.`,
        },
      ]);
    }
    const progress = input.progress ?? (status === filing.status ? filing.progress : status);
    if (status === filing.status && progress === filing.progress) return filing;
    const next: TaxFiling = { ...filing, status, progress, updated_at: nowIso() };
    const ws = new WriteSet(scope, tableName());
    addTaxFilingChange(ws, scope, next, { key: key!, revision: revision ?? 0 }, () => new FilingChanged());
    const previous = previousAttributes(filing, next);
    ws.recordEvent({ type: 'tax_filing.status.changed', companyId: filing.company, resource: next, previous });
    try {
      await commit(ws);
      return next;
    } catch (error) {
      if (error instanceof FilingChanged && attempt < 6) continue;
      throw error;
    }
  }
}
