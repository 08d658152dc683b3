import type { Scope } from '../../scope';
import { companyPartition, listSortKey, REQUIREMENT_SK_PREFIX } from './companies';
import { scopePrefix } from './partners';

/**
 * Access patterns of the lifecycle area (docs/decisions.md, "Lifecycle"). Requirements, files and
 * status links of a company live in the company's partition (one consistent Query lists them);
 * an id pointer item finds each by id without an eventually consistent index.
 */

/** requirementsOfCompany: sk `RQ#<created_at>#<id>` in the company partition, newest first. */
export const requirementKey = (scope: Scope, companyId: string, createdAt: string, requirementId: string) => ({
  pk: companyPartition(scope, companyId),
  sk: `${REQUIREMENT_SK_PREFIX}${listSortKey(createdAt, requirementId)}`,
});
/** requirementById: a pointer holding the requirement's key (lib/store/read-by-id.ts). */
export const requirementPointerKey = (scope: Scope, requirementId: string) => ({
  pk: `RQID#${scopePrefix(scope)}#${requirementId}`,
  sk: 'RQ',
});

/** filesOfCompany: sk `FL#<created_at>#<id>` in the company partition. */
export const FILE_SK_PREFIX = 'FL#';
export const fileKey = (scope: Scope, companyId: string, createdAt: string, fileId: string) => ({
  pk: companyPartition(scope, companyId),
  sk: `${FILE_SK_PREFIX}${listSortKey(createdAt, fileId)}`,
});
/** fileById: a pointer holding the file's key (lib/store/read-by-id.ts). */
export const filePointerKey = (scope: Scope, fileId: string) => ({ pk: `FLID#${scopePrefix(scope)}#${fileId}`, sk: 'FL' });

/** statusTokensOfCompany: sk `STK#<created_at>#<id>` in the company partition (the listing's copy). */
export const STATUS_TOKEN_SK_PREFIX = 'STK#';
export const statusTokenKey = (scope: Scope, companyId: string, createdAt: string, tokenId: string) => ({
  pk: companyPartition(scope, companyId),
  sk: `${STATUS_TOKEN_SK_PREFIX}${listSortKey(createdAt, tokenId)}`,
});
/** statusTokenBySecretHash: the keyless page looks the link up by the SHA-256 of the token in its URL. */
export const statusTokenLookupKey = (secretHash: string) => ({ pk: `STKH#${secretHash}`, sk: 'STK' });

/** verificationSessionBySecretHash: the keyless page looks the session up by the SHA-256 of its URL token. */
export const verificationSessionKey = (secretHash: string) => ({ pk: `VSH#${secretHash}`, sk: 'VS' });

/** operatorAudit: who ran which operator action, newest last (one partition per month). */
export const operatorAuditKey = (at: string, runId: string) => ({ pk: `OPS#AUDIT#${at.slice(0, 7)}`, sk: `${at}#${runId}` });
