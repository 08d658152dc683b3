import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { resourceMissing } from '../../lib/errors';
import { companyIdParams } from '../../lib/companies/schemas';
import { renderFixedAsset } from '../../lib/fixed-assets/fixed-asset';
import { listFixedAssets } from '../../lib/fixed-assets/store';

/** GET /v1/companies/{companyID}/fixed-assets: `{object: "list", items[]}`, newest first (spec). */
export const handler = apiOperation({
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => {
    const assets = await listFixedAssets(caller.scope, params.companyID);
    if (!assets) throw resourceMissing('company', params.companyID);
    return { status: 200, body: { object: 'list', items: assets.map(renderFixedAsset) } };
  },
});
