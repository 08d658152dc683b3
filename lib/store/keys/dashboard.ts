/** Access patterns of the partner dashboard: staff, sign-in codes, sessions, audit, webhook endpoints. */

/**
 * membershipsOfEmail: the partners an address is staff of, one item per partner (`PTR#<partner id>`),
 * so one address may be a member of several partners and each partner's own membership is unique.
 */
export const staffLookupPartition = (email: string) => `STAFF#${email}`;
export const staffMembershipKey = (email: string, partnerId: string) => ({ pk: staffLookupPartition(email), sk: `PTR#${partnerId}` });
/** The single lookup item of the time when an address belonged to one partner (read, and deleted on removal). */
export const legacyStaffKey = (email: string) => ({ pk: staffLookupPartition(email), sk: 'STAFF' });

/** staffOfPartner: every membership of one partner under one partition, removed ones kept (with `removed_at`). */
export const staffPartition = (partnerId: string) => `PTR#${partnerId}#STAFF`;
export const STAFF_MEMBER_SK_PREFIX = 'STF#';

/** staffMemberById: one membership, always addressed with the caller's partner id. */
export const staffMemberKey = (partnerId: string, staffId: string) => ({
  pk: staffPartition(partnerId),
  sk: `${STAFF_MEMBER_SK_PREFIX}${staffId}`,
});

/** signInCodesOfEmail: the pending sign-in codes of an address, oldest first (`CODE#<created_at>#<id>`). */
export const signInPartition = (email: string) => `SIGNIN#${email}`;
export const SIGN_IN_CODE_SK_PREFIX = 'CODE#';
export const signInCodeKey = (email: string, createdAt: string, codeId: string) => ({
  pk: signInPartition(email),
  sk: `${SIGN_IN_CODE_SK_PREFIX}${createdAt}#${codeId}`,
});

/** signInLimitOfEmail: the address's day window of codes and wrong entries, and its lockout. */
export const signInLimitKey = (email: string) => ({ pk: signInPartition(email), sk: 'LIMIT' });

/** trustedDeviceOfEmail: a browser that signed in as this address before, by the SHA-256 of its cookie. */
export const signInDeviceKey = (email: string, deviceHash: string) => ({ pk: signInPartition(email), sk: `DEVICE#${deviceHash}` });

/** signInWindowOfSourceIp: the sign-in requests of one source address in one window. */
export const signInIpWindowKey = (ip: string, window: string) => ({ pk: `SIGNINIP#${ip}`, sk: `W#${window}` });

/** dashboardSessionByTokenHash: a session is found by the SHA-256 of its token, never the token. */
export const dashboardSessionKey = (tokenHash: string) => ({ pk: `DSESS#${tokenHash}`, sk: 'SESSION' });

/** sessionsOfStaffMember (gsi1): one person's sessions, oldest first. */
export const sessionsOfStaffMember = (staffId: string) => ({ gsi1pk: `STF#${staffId}#SESS` });

/** stepUpCodeOfSession: the pending step-up code of one session (a new one replaces it). */
export const stepUpCodeKey = (tokenHash: string) => ({ pk: `DSESS#${tokenHash}`, sk: 'STEPUP' });

/** auditEntryById / auditOfPartner (gsi1, `<created_at>#<id>`): the partner's audit log. */
export const auditEntryKey = (partnerId: string, entryId: string) => ({ pk: `AUDIT#${partnerId}#${entryId}`, sk: 'AUDIT' });
export const auditOfPartner = (partnerId: string) => ({ gsi1pk: `PTR#${partnerId}#AUDIT` });
/** auditHeadOfPartner: the newest entry of the partner's hash chain (its hash, sequence and time). */
export const auditHeadKey = (partnerId: string) => ({ pk: `AUDIT#${partnerId}#HEAD`, sk: 'AUDIT_HEAD' });

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
 * recoverClaimOfUrl: when an endpoint URL of the partner's (mode, and the URL's hash) was last
 * recovered, whichever endpoint pointed there: deleting an endpoint and making it again does not
 * free its turn. recoversOfPartnerHour: how many recovers the partner's mode took in one hour.
 */
export const recoverClaimOfUrlKey = (partnerId: string, mode: string, urlHash: string) => ({
  pk: webhookEndpointsPartition(partnerId),
  sk: `RECOVER#URL#${mode}#${urlHash}`,
});
export const recoversOfPartnerHourKey = (partnerId: string, mode: string, hour: number) => ({
  pk: webhookEndpointsPartition(partnerId),
  sk: `RECOVER#HOUR#${mode}#${hour}`,
});

/**
 * rateWindowsOfKey, newest first: the key's last use is the `last_at` of its newest window item. A key
 * counts under its own item's partition key (`KEY#<secret hash>`), known before the key is read.
 */
export const rateWindowPartition = (keyItemPk: string) => `RATE#${keyItemPk}`;
