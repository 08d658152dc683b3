import { companyIdParams } from '../../companies/params';
import { changeEntitlementsBody } from '../../entitlements/schemas';
import { companySchema } from '../../resources/company';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxChangeEntitlements = partner('sandbox-change-entitlements', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/entitlements',
  operation: 'sandboxChangeEntitlements',
  ...sandbox,
  idempotent: true,
  params: companyIdParams,
  body: changeEntitlementsBody,
  summary: 'Grant or take rights (company.entitlements.changed)',
  tag,
  responses: { 200: { description: 'The company.', schema: companySchema } },
  errors: [402, 404],
});
