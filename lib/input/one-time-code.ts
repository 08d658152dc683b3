import { patterned } from './patterned';

/**
 * The ten digits of an e-mailed one-time code (dashboard sign-in, step-up, a webhook secret's roll): a
 * wrong shape is told where the code is and what one looks like, as every refusal shows a valid value.
 */
export const oneTimeCodeField = () =>
  patterned(/^\d{10}$/, 'Send the ten digits of the code from the e-mail, as a string, such as "code": "4829137056".').meta({
    examples: ['4829137056'],
  });
