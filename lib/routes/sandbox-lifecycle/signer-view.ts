import { signerTrigger } from './shared';

export const sandboxSignerView = signerTrigger(
  'view',
  'sandboxSignerView',
  'A signer opens the document: requirement.signature.viewed (once per signer)',
);
