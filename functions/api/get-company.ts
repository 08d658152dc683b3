import { apiOperation } from '../../lib/http/operation';
import { getCompany as contract } from '../../lib/routes/companies/get-company';
import { httpDate, notModifiedSince } from '../../lib/http/core/conditional';
import { resourceMissing } from '../../lib/errors';
import { companyWithCount, presentCompany } from '../../lib/companies/expand-company';
import { lastModifiedOf } from '../../lib/resources/company';
import { authorizeExpansions } from '../../lib/companies/params';

/** GET /v1/companies/{companyID}: `Last-Modified` = updated_at's second (moved on past the last one); `If-Modified-Since` → 304. */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params, batch) => companyWithCount(scope, params.companyID, batch),
  authorize: ({ caller, query }) => authorizeExpansions(caller.key.scopes, query['expand[]']),
  handle: async ({ caller, params, query, event, prefetched }) => {
    const { record, count } = await (prefetched ?? companyWithCount(caller.scope, params.companyID));
    if (!record) throw resourceMissing('company', params.companyID);
    // Whole seconds that move on at every change (lib/resources/company.ts): a 304 never hides one.
    const lastModified = lastModifiedOf(record);
    const headers = { 'Last-Modified': httpDate(lastModified) };
    if (notModifiedSince(event, lastModified)) return { status: 304, headers };
    return { status: 200, body: await presentCompany(caller.scope, record, query['expand[]'] ?? [], count), headers };
  },
});
