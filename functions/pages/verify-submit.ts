import { apiOperation } from '../../lib/http/operation';
import { verifySubmit as contract } from '../../lib/routes/lifecycle';
import { submitVerifyPage } from '../../lib/keyless-pages/serve-verify';

/** POST /verify/{session}: the owner's document from the upload page's form. */
export const handler = apiOperation({ ...contract, handle: ({ event }) => submitVerifyPage(event) });
