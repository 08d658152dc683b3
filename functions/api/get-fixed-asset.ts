import { apiOperation } from '../../lib/http/operation';
import { getFixedAsset as contract } from '../../lib/routes/orders/get-fixed-asset';
import { resourceMissing } from '../../lib/errors';
import { renderFixedAsset } from '../../lib/fixed-assets/fixed-asset';
import { getFixedAsset } from '../../lib/fixed-assets/fixed-assets';

/** GET /v1/companies/{companyID}/fixed-assets/{fixedAssetID} */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params, batch) => getFixedAsset(scope, params.companyID, params.fixedAssetID, batch),
  handle: async ({ caller, params, prefetched }) => {
    const asset = await (prefetched ?? getFixedAsset(caller.scope, params.companyID, params.fixedAssetID));
    if (!asset) throw resourceMissing('fixed asset', params.fixedAssetID);
    return { status: 200, body: renderFixedAsset(asset) };
  },
});
