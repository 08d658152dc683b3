import * as z from 'zod';
import { idParam } from '../input/id-param';

/** POST /v1/companies/{companyID}/verification-sessions `{shareholder}`. */
export const createVerificationSessionBody = z.strictObject({
  shareholder: idParam('shareholder', 'owner', 'from the company’s shareholders (GET /v1/companies/{id})'),
});
