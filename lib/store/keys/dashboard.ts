/** Access patterns of the partner dashboard: staff, sign-in codes, sessions, webhook endpoints. */

/** staffByEmail: which partner a person signs in to (one partner per address). */
export const staffKey = (email: string) => ({ pk: `STAFF#${email}`, sk: 'STAFF' });

/** staffOfPartner (gsi1): the people of one partner. */
export const staffOfPartner = (partnerId: string) => ({ gsi1pk: `PTR#${partnerId}#STAFF` });

/** signInCodeOfEmail: the one pending sign-in code of an address (a new one replaces it). */
export const signInCodeKey = (email: string) => ({ pk: `SIGNIN#${email}`, sk: 'CODE' });

/** dashboardSessionByTokenHash: a session is found by the SHA-256 of its token, never the token. */
export const dashboardSessionKey = (tokenHash: string) => ({ pk: `DSESS#${tokenHash}`, sk: 'SESSION' });

/** webhookEndpointsOfPartner: every endpoint of a partner under one partition, both modes. */
export const webhookEndpointsPartition = (partnerId: string) => `WHE#${partnerId}`;
export const WEBHOOK_ENDPOINT_SK_PREFIX = 'EP#';

/** webhookEndpointById: one endpoint; always addressed with the caller's partner id. */
export const webhookEndpointKey = (partnerId: string, endpointId: string) => ({
  pk: webhookEndpointsPartition(partnerId),
  sk: `${WEBHOOK_ENDPOINT_SK_PREFIX}${endpointId}`,
});

/** secretRollOfEndpoint: the pending one-time code of a secret roll. */
export const secretRollKey = (partnerId: string, endpointId: string) => ({
  pk: webhookEndpointsPartition(partnerId),
  sk: `ROLL#${endpointId}`,
});

/**
 * rateWindowsOfKey, newest first: the key's last use is the `last_at` of its newest window item. A key
 * counts under its own item's partition key (`KEY#<secret hash>`), known before the key is read.
 */
export const rateWindowPartition = (keyItemPk: string) => `RATE#${keyItemPk}`;
