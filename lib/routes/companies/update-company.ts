import { companyIdParams } from '../../companies/params';
import { companyUpdateBody } from '../../lifecycle/operations/update-company';
import { companySchema } from '../../resources/company';
import { partner } from '../core/operation';

export const updateCompany = partner('update-company', {
  method: 'POST',
  path: '/v1/companies/{companyID}',
  operation: 'updateCompany',
  scope: 'companies:write',
  idempotent: true,
  params: companyIdParams,
  body: companyUpdateBody,
  summary: "Update a company's metadata or external_id",
  description:
    'Changes what is yours on a company: `metadata` and `external_id`, and nothing else (any other field is refused with `invalid_request` at that field). `metadata` replaces the whole object; a key set to `null` is removed (`{}` or `null` removes every key); the limits of creation apply (at most 50 keys). `external_id` stays unique across your companies of the mode (`resource_already_exists`); `null` removes it. Records `company.updated` with `data.previous_attributes` (the fields before the change); the same values again change nothing and record nothing. Honours `Idempotency-Key`.',
  tag: 'Companies',
  responses: { 200: { description: 'The company as it stands after the change.', schema: companySchema } },
  errors: [404, 409, 413, 422],
});
