import {
  activeSigningSecrets,
  replaceSigningKey,
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  enabledEndpointsFor,
  enableEndpoint,
  endpointById,
  listEndpointsOfPartner,
  signingPrivateKey,
  updateEndpointSettings,
} from './store';

export * from './record';
export * from './key-material';
export * from './store';

/**
 * The endpoint store under the names of its contract with the delivery engine. A secret roll
 * (`rollSecret`, `confirmRoll`) is imported by name, not through this object: only the functions that
 * roll keep it in their bundle, and with it the read of the one-time-code key (infra/aws/access/).
 */
export const webhookEndpoints = {
  create: createEndpoint,
  get: endpointById,
  update: updateEndpointSettings,
  remove: deleteEndpoint,
  listOfPartner: listEndpointsOfPartner,
  enabledFor: enabledEndpointsFor,
  disable: disableEndpoint,
  enable: enableEndpoint,
  replaceSigningKey,
  activeSigningSecrets,
  signingPrivateKey,
};
