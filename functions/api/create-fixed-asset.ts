import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyIdParams } from '../../lib/companies/schemas';
import { createFixedAssetBody, renderFixedAsset } from '../../lib/fixed-assets/fixed-asset';
import { createFixedAsset } from '../../lib/fixed-assets/store';

/** POST /v1/companies/{companyID}/fixed-assets */
export const handler = apiOperation({
  scope: 'companies:write',
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body: createFixedAssetBody,
  handle: async ({ caller, params, body }) => {
    const asset = await createFixedAsset(caller.scope, params.companyID, body);
    return { status: 201, body: renderFixedAsset(asset), headers: { Location: `/v1/companies/${asset.company}/fixed-assets/${asset.id}` } };
  },
});
