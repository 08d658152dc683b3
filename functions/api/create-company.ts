import { apiOperation } from '../../lib/http/operation';
import { createCompany as contract } from '../../lib/routes/companies/create-company';
import { httpDate } from '../../lib/http/core/conditional';
import { header } from '../../lib/http/core/types';
import { createCompany, prefetchCreationCounters } from '../../lib/companies/operations/create-company';
import type { Company } from '../../lib/resources/company';
import { authorizeExpansions } from '../../lib/companies/params';

const created = (company: Company) => ({
  status: 201,
  body: company,
  headers: { Location: `/v1/companies/${company.id}`, 'Last-Modified': httpDate(company.updated_at) },
});

/** POST /v1/companies */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, _params, batch) => prefetchCreationCounters(scope, batch),
  authorize: ({ caller, query }) => authorizeExpansions(caller.key.scopes, query['expand[]']),
  handle: async ({ caller, query, body, event, answerInTransaction, prefetched }) => {
    const company = await createCompany({
      scope: caller.scope,
      body,
      accountHeader: header(event, 'service-account'),
      expand: query['expand[]'] ?? [],
      addAnswer: (ws, c) => answerInTransaction(ws, created(c)),
      prefetchedCounters: prefetched,
    });
    return created(company);
  },
});
