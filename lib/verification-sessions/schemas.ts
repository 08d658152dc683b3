import * as z from 'zod';
import { idParam } from '../input';

/** POST /v1/companies/{companyID}/verification-sessions `{shareholder}`. */
export const createVerificationSessionBody = z.strictObject({ shareholder: idParam('shareholder', 'shareholder', 'Send the owner’s id (sh_…) from the company’s shareholders.') });
