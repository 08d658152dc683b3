import { noQuery } from '../../input/empty';
import { fixedAssetParams } from '../../orders/params';
import { deletedFixedAssetSchema } from '../../resources/fixed-asset';
import { partner } from '../core/operation';
import { tag } from './shared';

export const deleteFixedAsset = partner('delete-fixed-asset', {
  method: 'DELETE',
  path: '/v1/companies/{companyID}/fixed-assets/{fixedAssetID}',
  operation: 'deleteFixedAsset',
  scope: 'companies:write',
  params: fixedAssetParams,
  query: noQuery,
  summary: 'Remove an asset from the register',
  tag,
  responses: { 200: { description: 'Removed.', schema: deletedFixedAssetSchema } },
  errors: [404],
});
