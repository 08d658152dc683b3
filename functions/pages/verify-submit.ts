import { keylessOperation } from '../../lib/http/keyless-operation';
import { verifySubmit as contract } from '../../lib/routes/lifecycle/verify-submit';
import { submitVerifyPage } from '../../lib/keyless-pages/serve-verify';

/** POST /verify/{session}: the owner's document from the upload page's form. */
export const handler = keylessOperation({ ...contract, handle: ({ event }) => submitVerifyPage(event) });
