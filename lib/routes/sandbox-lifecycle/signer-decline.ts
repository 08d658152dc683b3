import { signerTrigger } from './shared';

export const sandboxSignerDecline = signerTrigger('decline', 'sandboxSignerDecline', 'A signer declines: requirement.canceled');
