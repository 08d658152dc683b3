import { ApiError, resourceMissing } from '../errors';
import { nowIso } from '../clock';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { addCompanyUpdate, CompanyChanged, getCompany } from '../store/entities/company';
import { companySnapshot, type CompanyRecord } from '../resources/company';

/** `entitlement_required` (402): the company holds no right of this kind to spend. */
export function entitlementRequired(kind: string): ApiError {
  return new ApiError('entitlement_required', `The company has no '${kind}' right left.`, [
    {
      reason: `no '${kind}' right left`,
      location: `$.entitlements.${kind}`,
      validation_type: 'minimum',
      how_to_fix: `Order the product that grants '${kind}' (see GET /v1/products, field grants), then retry.`,
    },
  ]);
}

/**
 * Adds a move of a company's remaining rights to a transaction: the company rewritten with the new
 * count, conditioned on the version read (lib/store/entities/company.ts), and `company.entitlements.changed`.
 * A count never goes below zero: the refusal is decided on the version read, and a concurrent change
 * to the company fails the condition and makes the caller re-read (never two spends of one right).
 */
export function addEntitlementChange(
  ws: WriteSet,
  scope: Scope,
  company: CompanyRecord,
  kind: string,
  delta: number,
  at: string,
): CompanyRecord {
  const held = company.entitlements?.[kind] ?? 0;
  if (held + delta < 0) throw entitlementRequired(kind);
  const next = addCompanyUpdate(ws, scope, company, { ...company, entitlements: { ...company.entitlements, [kind]: held + delta } }, at);
  ws.recordEvent({ type: 'company.entitlements.changed', companyId: company.id, resource: companySnapshot(next) });
  return next;
}

/** Grants (delta > 0) or takes (delta < 0) rights directly: the operator's and the sandbox's action. */
export async function changeEntitlements(scope: Scope, companyId: string, kind: string, delta: number): Promise<CompanyRecord> {
  for (let attempt = 1; ; attempt++) {
    const company = await getCompany(scope, companyId, { consistent: true });
    if (!company) throw resourceMissing('company', companyId);
    const ws = new WriteSet(scope, tableName());
    const next = addEntitlementChange(ws, scope, company, kind, delta, nowIso());
    try {
      await commit(ws);
      return next;
    } catch (error) {
      if (error instanceof CompanyChanged && attempt < 8) continue;
      throw error;
    }
  }
}
