import { publicOperation } from '../../lib/http/public-operation';
import { submitVerifyPage } from '../../lib/keyless-pages/serve-verify';

/** POST /verify/{session}: the owner's document from the upload page's form. */
export const handler = publicOperation((event) => submitVerifyPage(event));
