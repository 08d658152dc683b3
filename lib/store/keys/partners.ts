import type { Scope } from '../../scope';

/** Access patterns of partners, their API keys and rate-limit windows. */

/** partnerById: the partner's profile and settings. */
export const partnerKey = (partnerId: string) => ({ pk: `PTR#${partnerId}`, sk: 'PARTNER' });

/** apiKeyBySecretHash: authentication looks a key up by the SHA-256 of the presented secret. */
export const apiKeyKey = (secretHash: string) => ({ pk: `KEY#${secretHash}`, sk: 'KEY' });

/** apiKeysOfPartner (gsi1): the dashboard's key list, newest first. */
export const apiKeysOfPartner = (partnerId: string) => ({ gsi1pk: `PTR#${partnerId}#KEYS` });

/** rateWindowOfKey: one item per key and minute, holding the minute's count and a count per second. */
export const rateWindowKey = (keyId: string, minuteEpoch: number) => ({ pk: `RATE#${keyId}`, sk: `M#${minuteEpoch}` });

export const scopePrefix = (scope: Scope) => `${scope.partnerId}#${scope.mode}`;

/** sandboxClockOfScope: the test mode's own clock (docs/decisions.md, "The sandbox clock"); one item per partner. */
export const sandboxClockKey = (scope: Scope) => ({ pk: `CLOCK#${scopePrefix(scope)}`, sk: 'CLOCK' });
