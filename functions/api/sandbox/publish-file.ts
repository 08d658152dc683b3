import { apiOperation } from '../../../lib/http/operation';
import { sandboxPublishFile as contract } from '../../../lib/routes/sandbox-lifecycle/publish-file';
import { publishFile } from '../../../lib/files/publish-file';
import { presentFile } from '../../../lib/store/entities/file';

/** POST /v1/sandbox/companies/{companyID}/files: publish a (generated) document on the company. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const file = await publishFile(caller.scope, params.companyID, body);
    return { status: 201, body: presentFile(file) };
  },
});
