import { apiOperation } from '../../lib/http/operation';
import { previewCompany as contract } from '../../lib/routes/companies/preview-company';
import { header } from '../../lib/http/core/types';
import { previewCompany } from '../../lib/companies/preview-company';
import { authorizeExpansions } from '../../lib/companies/params';

/** POST /v1/companies/preview */
export const handler = apiOperation({
  ...contract,
  authorize: ({ caller, query }) => authorizeExpansions(caller.key.scopes, query['expand[]']),
  handle: async ({ caller, query, body, event }) => {
    return {
      status: 200,
      body: await previewCompany({
        scope: caller.scope,
        body,
        accountHeader: header(event, 'service-account'),
        expand: query['expand[]'] ?? [],
      }),
    };
  },
});
