import { ApiError } from '../errors';
import type { Scope } from '../scope';
import { addCompanyExternalIdGuard, removeCompanyExternalIdGuard } from '../store/entities/company';
import type { WriteSet } from '../store/write-set';

/**
 * A company's `external_id` is unique across the caller's companies (spec Company; per partner and
 * mode): a guard item per value, holding the company's id (what `GET /companies?external_id=` reads),
 * written in the transaction that gives a company the value. Creation and `POST /companies/{id}` take
 * it the same way; a value already held is `resource_already_exists` at `$.external_id`.
 */
export function addExternalIdGuard(ws: WriteSet, scope: Scope, companyId: string, externalId: string): void {
  addCompanyExternalIdGuard(ws, scope, companyId, externalId, () => externalIdTaken(externalId));
}

/** The company gives its `external_id` up (a new one, or none): the value is free again, in the same transaction. */
export function releaseExternalIdGuard(ws: WriteSet, scope: Scope, companyId: string, externalId: string): void {
  removeCompanyExternalIdGuard(ws, scope, companyId, externalId);
}

export function externalIdTaken(externalId: string): ApiError {
  return new ApiError('resource_already_exists', `A company with external_id '${externalId}' already exists.`, [
    {
      reason: 'is already used by another company',
      location: '$.external_id',
      validation_type: 'unique',
      how_to_fix: `Send a new external_id, such as "external_id": "${externalId}-2", or read the existing company with GET /v1/companies?external_id=${encodeURIComponent(externalId)}.`,
    },
  ]);
}
