import { noQuery } from '../../input/empty';
import { fixedAssetParams } from '../../orders/params';
import { fixedAssetSchema } from '../../resources/fixed-asset';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getFixedAsset = partner('get-fixed-asset', {
  method: 'GET',
  path: '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}',
  operation: 'getFixedAsset',
  scope: 'companies:read',
  params: fixedAssetParams,
  query: noQuery,
  summary: 'One asset',
  tag,
  responses: { 200: { description: 'The asset.', schema: fixedAssetSchema } },
  errors: [404],
});
