import { patterned } from './patterned';

/**
 * The six digits of an e-mailed one-time code (dashboard sign-in, a webhook secret's roll): a wrong
 * shape is told where the code is and what one looks like, as every refusal shows a valid value.
 */
export const oneTimeCodeField = () =>
  patterned(/^\d{6}$/, 'Send the six digits of the code from the e-mail, as a string, such as "code": "482913".').meta({
    examples: ['482913'],
  });
