import * as z from 'zod';
import { ApiError, invalidField, parseOrRefuse } from '../../errors';
import { companyNameInput } from '../../companies/name-input';
import { nameGuardKey, nameTaken, nameViolations } from '../../companies/company-name';
import { nameKey, tidyName } from '../../companies/normalise-name';
import { companyNameKey } from '../../store/keys';
import type { CompanyRecord } from '../../resources/company';
import type { CompanyChangeContext } from '../change-company';
import { stageMove } from '../company-stage';
import { equals, itemAbsent } from '../../store/expression';

export const newNameInput = z.strictObject({ name: companyNameInput });

/**
 * A new company `name` under the create-company name rules (pattern, length, not "The…", unique in
 * the formation state and mode): the name guard moves in the same transaction as the company
 * (`legal_name` re-renders from the new name); `company.name.changed`. A company waiting in
 * `name_conflict` goes back to `preparing_documents` (documents are drawn up again under the new
 * name): `company.status.changed`.
 */
export function addNameChange(ctx: CompanyChangeContext, requested: unknown): CompanyRecord {
  const { company, ws, record } = ctx;
  const { name: raw } = parseOrRefuse(newNameInput, requested, 'body');
  const theRule = nameViolations(raw);
  if (theRule.length) throw new ApiError('invalid_request', theRule[0].reason, theRule);
  const name = tidyName(raw);
  const key = nameKey(name);
  if (key === company.name_key)
    throw invalidField(
      '$.name',
      'is the current name',
      `Send a different name, such as "name": "${name} Holdings" (names compare ignoring case and extra spaces).`,
      'not',
    );
  ws.delete(companyNameKey(ws.scope.mode, company.state, company.name_key), { condition: equals('company_id', company.id) });
  ws.put(
    { ...nameGuardKey(ws.scope.mode, company.state, name), entity: 'company_name', company_id: company.id, partner_id: ws.scope.partnerId },
    { condition: itemAbsent(), onFailed: () => nameTaken(name, company.state) },
  );
  let next: CompanyRecord = { ...company, name, name_key: key };
  record('company.name.changed', next);
  if (company.stage === 'name_conflict') {
    stageMove(company, 'preparing_documents', 'name_changed', company.verification === 'verified');
    next = { ...next, stage: 'preparing_documents' };
    record('company.status.changed', next);
  }
  return next;
}
