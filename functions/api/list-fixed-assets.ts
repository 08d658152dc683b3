import { apiOperation } from '../../lib/http/operation';
import { listFixedAssets as contract } from '../../lib/routes/orders/list-fixed-assets';
import { resourceMissing } from '../../lib/errors';
import { renderFixedAsset } from '../../lib/fixed-assets/fixed-asset';
import { listFixedAssets } from '../../lib/fixed-assets/fixed-assets';

/** GET /v1/companies/{companyID}/fixed-assets: `{object: "list", items[]}`, newest first (spec). */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const assets = await listFixedAssets(caller.scope, params.companyID);
    if (!assets) throw resourceMissing('company', params.companyID);
    return { status: 200, body: { object: 'list', items: assets.map(renderFixedAsset) } };
  },
});
