import { companyIdParams } from '../../companies/params';
import { createFixedAssetBody } from '../../fixed-assets/fixed-asset';
import { noQuery } from '../../input/empty';
import { fixedAssetSchema } from '../../resources/fixed-asset';
import { partner } from '../core/operation';
import { tag } from './shared';

export const createFixedAsset = partner('create-fixed-asset', {
  method: 'POST',
  path: '/v1/companies/{companyID}/fixed-assets',
  operation: 'createFixedAsset',
  scope: 'companies:write',
  idempotent: true,
  params: companyIdParams,
  query: noQuery,
  body: createFixedAssetBody,
  summary: 'Add an asset to the register',
  tag,
  responses: { 201: { description: 'The asset.', schema: fixedAssetSchema } },
  errors: [404, 409, 422],
});
