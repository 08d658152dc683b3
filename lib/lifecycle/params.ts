import * as z from 'zod';
import { patterned } from '../input';

/** Path parameters of the lifecycle routes, checked before any read (a malformed id is invalid_request). */
const id = (prefix: string, what: string) => patterned(new RegExp(`^${prefix}[0-9A-Za-z]{22}$`), `Send a ${what} id as returned by the API: ${prefix} and 22 letters or digits.`);

export const companyParams = z.strictObject({ companyID: id('cmp_', 'company') });
export const requirementParams = z.strictObject({ requirementID: id('rqmt_', 'requirement') });
export const fileParams = z.strictObject({ fileID: id('file_', 'file') });
export const statusTokenParams = z.strictObject({ companyID: id('cmp_', 'company'), statusTokenID: id('stk_', 'status token') });
export const signerParams = z.strictObject({
  requirementID: id('rqmt_', 'requirement'),
  index: patterned(/^[0-9]{1,2}$/, 'Send the signer’s position in `signers` (0 for the first).').transform(Number),
});
