import * as z from 'zod';
import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/input';
import { companyParams } from '../../../lib/lifecycle/params';
import { publishFile } from '../../../lib/files/publish-file';
import { presentFile } from '../../../lib/store/entities/file';

/** POST /v1/sandbox/companies/{companyID}/files: publish a (generated) document on the company. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: z.strictObject({ title: z.string().trim().min(1).max(200), content_type: z.enum(['application/pdf', 'image/png']).optional() }),
  handle: async ({ caller, params, body }) => {
    const file = await publishFile(caller.scope, params.companyID, body);
    return { status: 201, body: presentFile(file) };
  },
});
