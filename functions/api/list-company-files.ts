import { apiOperation } from '../../lib/http/operation';
import { listCompanyFiles as contract } from '../../lib/routes/lifecycle/list-company-files';
import { resourceMissing } from '../../lib/errors';
import { getCompany } from '../../lib/store/entities/company';
import { presentFile, publishedFilesOf } from '../../lib/store/entities/file';

/** GET /v1/companies/{companyID}/files: the company's published files (read-only), newest first. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const [company, files] = await Promise.all([
      getCompany(caller.scope, params.companyID),
      publishedFilesOf(caller.scope, params.companyID),
    ]);
    if (!company) throw resourceMissing('company', params.companyID);
    return { status: 200, body: { object: 'list', items: files.map(presentFile) } };
  },
});
