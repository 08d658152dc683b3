import { apiOperation } from '../../lib/http/operation';
import { getNameAvailability as contract } from '../../lib/routes/companies/name-availability';
import { nameAvailability } from '../../lib/companies/name-availability';

/** GET /v1/name-availability */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, query }) => ({ status: 200, body: await nameAvailability(caller.scope, query) }),
});
