import type { Scope } from '../../scope';

/** Access patterns of partners, their API keys and rate-limit windows. */

/** partnerById: the partner's profile and settings. */
export const partnerKey = (partnerId: string) => ({ pk: `PTR#${partnerId}`, sk: 'PARTNER' });

/** apiKeyBySecretHash: authentication looks a key up by the SHA-256 of the presented secret. */
export const apiKeyKey = (secretHash: string) => ({ pk: `KEY#${secretHash}`, sk: 'KEY' });
/** The secret's hash an API key's item is keyed by (`apiKeyKey`'s inverse). */
export const secretHashOfKey = (key: { pk: string }) => key.pk.slice('KEY#'.length);

/**
 * apiKeysOfPartner (gsi1): the partner's keys that may still work, newest first; a key leaves it for
 * endedApiKeysOfPartner when it is revoked (or found expired), so no read of working keys reads the
 * ended ones, however many were made.
 */
export const apiKeysOfPartner = (partnerId: string) => ({ gsi1pk: `PTR#${partnerId}#KEYS` });
export const endedApiKeysOfPartner = (partnerId: string) => ({ gsi1pk: `PTR#${partnerId}#KEYS#ENDED` });
/** apiKeyById (gsi3): one key by its id, whichever list it is on (checked against the caller's partner). */
export const apiKeyById = (keyId: string) => ({ gsi3pk: `APIKEY#${keyId}`, gsi3sk: 'KEY' });

/** rateWindowOfKey: one item per key and minute, holding the minute's count and a count per second. */
export const rateWindowKey = (keyId: string, minuteEpoch: number) => ({ pk: `RATE#${keyId}`, sk: `M#${minuteEpoch}` });

export const scopePrefix = (scope: Scope) => `${scope.partnerId}#${scope.mode}`;

/** sandboxClockOfScope: the test mode's own clock (docs/decisions.md, "The sandbox clock"); one item per partner. */
export const sandboxClockKey = (scope: Scope) => ({ pk: `CLOCK#${scopePrefix(scope)}`, sk: 'CLOCK' });
