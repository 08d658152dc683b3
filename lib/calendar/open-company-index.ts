import { openCompaniesIndex, shardOf } from '../store/keys';
import type { Scope } from '../store/scope';

/**
 * The index attributes that keep an open company on the reminder job's list (gsi4, sparse): a
 * dissolved company has no deadlines left, so its item drops off the list by being rewritten.
 */
export function openCompanyIndexAttributes(scope: Scope, company: { id: string; status: string }): Record<string, string> {
  if (company.status === 'dissolved') return {};
  return { gsi4pk: openCompaniesIndex(scope.mode, shardOf(company.id)).pk, gsi4sk: `${scope.partnerId}#${company.id}` };
}
