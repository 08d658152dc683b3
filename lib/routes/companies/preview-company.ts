import { createCompanyBody } from '../../companies/schemas';
import { createCompanyQuery } from '../../companies/params';
import { companyPreviewSchema } from '../../resources/company-preview';
import { companyBodyConditions } from '../../companies/rules/in-the-document';
import { partner } from '../core/operation';

export const previewCompany = partner('preview-company', {
  method: 'POST',
  path: '/v1/companies/preview',
  operation: 'previewCompany',
  scope: 'companies:write',
  // Creation's headers and errors (docs/api.md): a malformed Idempotency-Key is refused as creation refuses it.
  checksIdempotencyKey: true,
  query: createCompanyQuery,
  body: createCompanyBody,
  bodyConditions: companyBodyConditions(),
  accountHeader: true,
  summary: 'Preview a company creation: its checks and its price, nothing written',
  description:
    "The create-company request (same body, `Service-Account` header, `expand[]`, the same errors with the same `errors[]` entries) run up to the commit and no further: no company, event, guard, ledger line or idempotency record is written. Answers the company as creation would return it (less `id`, `created_at`, `updated_at`, and `account_id` when the account would be created) and the priced lines creation would bill, whose sum `amount_due_now` is what creation bills to the cent. Ids inside the preview (shareholders, expanded objects) are the preview's own. A name taken between the preview and the creation is refused by the creation. It writes nothing, so it needs no `Idempotency-Key`: one sent is checked for its shape only, and a retry simply runs the preview again.",
  tag: 'Companies',
  responses: { 200: { description: 'What creation would create and bill.', schema: companyPreviewSchema } },
  errors: [409, 413, 422],
});
