import { signerTrigger } from './shared';

export const sandboxSignerSign = signerTrigger(
  'sign',
  'sandboxSignerSign',
  'A signer signs: requirement.signature.signed; the last → requirement.fulfilled',
);
