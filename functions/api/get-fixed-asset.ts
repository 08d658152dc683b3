import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { resourceMissing } from '../../lib/errors';
import { fixedAssetParams } from '../../lib/orders/params';
import { renderFixedAsset } from '../../lib/fixed-assets/fixed-asset';
import { getFixedAsset } from '../../lib/fixed-assets/store';

/** GET /v1/companies/{companyID}/fixed-assets/{fixedAssetID} */
export const handler = apiOperation({
  scope: 'companies:read',
  params: fixedAssetParams,
  query: noQuery,
  handle: async ({ caller, params }) => {
    const asset = await getFixedAsset(caller.scope, params.companyID, params.fixedAssetID);
    if (!asset) throw resourceMissing('fixed asset', params.fixedAssetID);
    return { status: 200, body: renderFixedAsset(asset) };
  },
});
