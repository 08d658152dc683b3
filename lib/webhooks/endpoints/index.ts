import {
  activeSigningSecrets,
  confirmRoll,
  replaceSigningKey,
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  enabledEndpointsFor,
  enableEndpoint,
  endpointById,
  listEndpointsOfPartner,
  rollSecret,
  signingPrivateKey,
  updateEndpointSettings,
} from './store';

export * from './record';
export * from './key-material';
export * from './store';

/** The endpoint store under the names of its contract with the delivery engine. */
export const webhookEndpoints = {
  create: createEndpoint,
  get: endpointById,
  update: updateEndpointSettings,
  remove: deleteEndpoint,
  listOfPartner: listEndpointsOfPartner,
  enabledFor: enabledEndpointsFor,
  disable: disableEndpoint,
  enable: enableEndpoint,
  rollSecret,
  confirmRoll,
  replaceSigningKey,
  activeSigningSecrets,
  signingPrivateKey,
};
