import * as z from 'zod';
import { idParam } from '../input/id-param';
import { patterned } from '../input/patterned';

/** Path parameters of the lifecycle routes, checked before any read (a malformed id is invalid_request). */
export const companyParams = z.strictObject({ companyID: idParam('company', 'company') });
export const requirementParams = z.strictObject({ requirementID: idParam('requirement', 'requirement') });
export const fileParams = z.strictObject({ fileID: idParam('file', 'file') });
export const statusTokenParams = z.strictObject({
  companyID: idParam('company', 'company'),
  statusTokenID: idParam('statusToken', 'status token'),
});
export const signerParams = z.strictObject({
  requirementID: idParam('requirement', 'requirement'),
  index: patterned(/^[0-9]{1,2}$/, 'Send the signer’s position in `signers` (0 for the first).').transform(Number),
});
