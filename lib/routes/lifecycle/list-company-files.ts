import { noQuery } from '../../input/empty';
import { companyParams } from '../../lifecycle/params';
import { fileSchema } from '../../resources/file';
import { plainList } from '../../resources/lists';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listCompanyFiles = partner('list-company-files', {
  method: 'GET',
  path: '/v1/companies/{companyID}/files',
  operation: 'listCompanyFiles',
  scope: 'files:read',
  params: companyParams,
  query: noQuery,
  summary: 'Documents published on a company (read-only)',
  tag,
  responses: { 200: { description: 'The files.', schema: plainList('FileList', fileSchema, 'Published files of a company.') } },
  errors: [404],
});
