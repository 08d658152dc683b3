import { companyIdParams } from '../../companies/params';
import { noQuery } from '../../input/empty';
import { fixedAssetSchema } from '../../resources/fixed-asset';
import { plainList } from '../../resources/lists';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listFixedAssets = partner('list-fixed-assets', {
  method: 'GET',
  path: '/v1/companies/{companyID}/fixed-assets',
  operation: 'listFixedAssets',
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'The fixed-asset register, newest first',
  tag,
  responses: { 200: { description: 'The assets.', schema: plainList('FixedAssetList', fixedAssetSchema, 'A company’s fixed assets.') } },
  errors: [404],
});
