import { apiOperation } from '../../lib/http/operation';
import { deleteFixedAsset as contract } from '../../lib/routes/orders/delete-fixed-asset';
import { resourceMissing } from '../../lib/errors';
import { deleteFixedAsset } from '../../lib/fixed-assets/fixed-assets';

/** DELETE /v1/companies/{companyID}/fixed-assets/{fixedAssetID}: `{object, id, deleted: true}` (Stripe's shape). */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const asset = await deleteFixedAsset(caller.scope, params.companyID, params.fixedAssetID);
    if (!asset) throw resourceMissing('fixed asset', params.fixedAssetID);
    return { status: 200, body: { object: 'fixed_asset', id: asset.id, deleted: true } };
  },
});
