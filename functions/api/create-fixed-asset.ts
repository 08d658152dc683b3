import { apiOperation } from '../../lib/http/operation';
import { createFixedAsset as contract } from '../../lib/routes/orders/create-fixed-asset';
import { renderFixedAsset } from '../../lib/fixed-assets/fixed-asset';
import { createFixedAsset } from '../../lib/fixed-assets/fixed-assets';

/** POST /v1/companies/{companyID}/fixed-assets */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const asset = await createFixedAsset(caller.scope, params.companyID, body);
    return { status: 201, body: renderFixedAsset(asset), headers: { Location: `/v1/companies/${asset.company}/fixed-assets/${asset.id}` } };
  },
});
